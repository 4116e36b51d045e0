// sin, cos and atan2 from +, −, ×, ÷ and Math.round only, so the step gives the same bits in every
// JavaScript engine. Math.sin, Math.cos and Math.atan2 are not required to be correctly rounded, and
// engines differ in the last bit: measured here, node 20 (V8 11.3) and chromium 156 stepped the
// determinism reference scene to different hashes until the step used these. IEEE 754 fixes the result
// of +, −, ×, ÷ and sqrt exactly, so code built from them alone is portable.
//
// The algorithms and coefficients are fdlibm's (Sun Microsystems, 1993; the basis of most libms):
// k_sin.c / k_cos.c (minimax polynomials on [−π/4, π/4]), the Cody-Waite reduction by π/2 split in three
// parts from e_rem_pio2.c (exact for |x| < 2^20 π/2), and s_atan.c / e_atan2.c. Accuracy: within 1 ulp
// of the true value (tests/math.test.ts compares with Math.* to 2 ulp).

// π/2 in three parts: pio2_1 + pio2_2 + pio2_3, each with 33 significant bits so k·pio2_i is exact.
const PIO2_1 = 1.57079632673412561417e+0;
const PIO2_2 = 6.07710050630396597660e-11;
const PIO2_3 = 2.02226624871116645580e-21;
const TWO_OVER_PI = 6.36619772367581382433e-1;

const S1 = -1.66666666666666324348e-1, S2 = 8.33333333332248946124e-3, S3 = -1.98412698298579493134e-4;
const S4 = 2.75573137070700676789e-6, S5 = -2.50507602534068634195e-8, S6 = 1.58969099521155010221e-10;
const C1 = 4.16666666666666019037e-2, C2 = -1.38888888888741095749e-3, C3 = 2.48015872894767294178e-5;
const C4 = -2.75573143513906633035e-7, C5 = 2.08757232129817482790e-9, C6 = -1.13596475577881948265e-11;

/** sin on [−π/4, π/4]. */
function kernelSin(x: number): number {
  const z = x * x;
  return x + x * z * (S1 + z * (S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)))));
}

/** cos on [−π/4, π/4]. */
function kernelCos(x: number): number {
  const z = x * x;
  const r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  const half = 0.5 * z;
  const w = 1 - half;
  return w + (1 - w - half + z * r);
}

/** x − k π/2 with k = round(x · 2/π); returns it and leaves k mod 4 in `quadrant`. */
function reduce(x: number): number {
  const k = Math.round(x * TWO_OVER_PI);
  quadrant = ((k % 4) + 4) % 4;
  return x - k * PIO2_1 - k * PIO2_2 - k * PIO2_3;
}
let quadrant = 0;

/** sin(x) for finite x with |x| < 1.6e6 (beyond that, and for non-finite x: NaN). */
export function sin(x: number): number {
  if (!(Math.abs(x) < 1.6e6)) return NaN;
  if (Math.abs(x) <= 0.7853981633974483) return kernelSin(x);
  const r = reduce(x);
  switch (quadrant) {
    case 0: return kernelSin(r);
    case 1: return kernelCos(r);
    case 2: return -kernelSin(r);
    default: return -kernelCos(r);
  }
}

/** cos(x) for finite x with |x| < 1.6e6 (beyond that, and for non-finite x: NaN). */
export function cos(x: number): number {
  if (!(Math.abs(x) < 1.6e6)) return NaN;
  if (Math.abs(x) <= 0.7853981633974483) return kernelCos(x);
  const r = reduce(x);
  switch (quadrant) {
    case 0: return kernelCos(r);
    case 1: return -kernelSin(r);
    case 2: return -kernelCos(r);
    default: return kernelSin(r);
  }
}

/** sin and cos of angle[0] into angle[1] and angle[2], the same bits as sin(angle[0]) and cos(angle[0]).
 * (Through an array: a double passed to or returned from a call V8 does not inline is boxed.) */
export function writeSinCos(angle: Float64Array): void {
  const x = angle[0];
  if (!(Math.abs(x) < 1.6e6)) {
    angle[1] = NaN; angle[2] = NaN;
    return;
  }
  if (Math.abs(x) <= 0.7853981633974483) {
    angle[1] = kernelSin(x); angle[2] = kernelCos(x);
    return;
  }
  const r = reduce(x);
  const s = kernelSin(r), c = kernelCos(r);
  switch (quadrant) {
    case 0: angle[1] = s; angle[2] = c; return;
    case 1: angle[1] = c; angle[2] = -s; return;
    case 2: angle[1] = -s; angle[2] = -c; return;
    default: angle[1] = -c; angle[2] = s;
  }
}

const ATAN_HI = [4.63647609000806093515e-1, 7.85398163397448278999e-1, 9.82793723247329054082e-1, 1.57079632679489655800e+0];
const ATAN_LO = [2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17, 6.12323399573676603587e-17];
const AT = [
  3.33333333333329318027e-1, -1.99999999998764832476e-1, 1.42857142725034663711e-1, -1.11111104054623557880e-1,
  9.09088713343650656196e-2, -7.69187620504482999495e-2, 6.66107313738753120669e-2, -5.83357013379057348645e-2,
  4.97687799461593236017e-2, -3.65315727442169155270e-2, 1.62858201153657823623e-2,
];

/** atan(io[0]) into io[1] (fdlibm s_atan.c). (Through an array: a double passed to or returned from a call
 * V8 does not inline is boxed, and this function is too large for V8 to inline.) */
export function writeAtan(io: Float64Array): void {
  const x = io[0];
  if (x !== x) {
    io[1] = NaN;
    return;
  }
  const negative = x < 0;
  let t = negative ? -x : x;
  if (t >= 7.378697629483821e19) { // 2^66
    io[1] = negative ? -ATAN_HI[3] - ATAN_LO[3] : ATAN_HI[3] + ATAN_LO[3];
    return;
  }
  let id = -1;
  if (t < 0.4375) {
    if (t < 7.450580596923828e-9) { // 2^-27: atan x = x to double precision
      io[1] = x;
      return;
    }
  } else if (t < 1.1875) {
    if (t < 0.6875) { id = 0; t = (2 * t - 1) / (2 + t); }
    else { id = 1; t = (t - 1) / (t + 1); }
  } else if (t < 2.4375) {
    id = 2; t = (t - 1.5) / (1 + 1.5 * t);
  } else {
    id = 3; t = -1 / t;
  }
  const z = t * t, w = z * z;
  const s1 = z * (AT[0] + w * (AT[2] + w * (AT[4] + w * (AT[6] + w * (AT[8] + w * AT[10])))));
  const s2 = w * (AT[1] + w * (AT[3] + w * (AT[5] + w * (AT[7] + w * AT[9]))));
  if (id < 0) {
    io[1] = negative ? -(t - t * (s1 + s2)) : t - t * (s1 + s2);
    return;
  }
  const result = ATAN_HI[id] - (t * (s1 + s2) - ATAN_LO[id] - t);
  io[1] = negative ? -result : result;
}

/** atan's argument and result, and writeAtan2's atan. */
const atanArguments = new Float64Array(2);

/** atan(x) (fdlibm s_atan.c). */
export function atan(x: number): number {
  atanArguments[0] = x;
  writeAtan(atanArguments);
  return atanArguments[1];
}

const PI = 3.1415926535897931160e+0, PI_LO = 1.2246467991473531772e-16;

/** atan2(io[0], io[1]) into io[2]: y, x, then the angle (see atan2). (Through an array: a double passed to
 * or returned from a call V8 does not inline is boxed.) */
export function writeAtan2(io: Float64Array): void {
  const y = io[0], x = io[1];
  if (x !== x || y !== y) {
    io[2] = NaN;
    return;
  }
  if (y === 0) {
    io[2] = x >= 0 ? 0 : PI;
    return;
  }
  if (x === 0) {
    io[2] = y > 0 ? ATAN_HI[3] + ATAN_LO[3] : -ATAN_HI[3] - ATAN_LO[3];
    return;
  }
  atanArguments[0] = Math.abs(y / x);
  writeAtan(atanArguments);
  const z = atanArguments[1];
  if (x > 0) io[2] = y > 0 ? z : -z;
  else io[2] = y > 0 ? PI - (z - PI_LO) : z - PI_LO - PI;
}

/** atan2's arguments and result. */
const atan2Arguments = new Float64Array(3);

/** atan2(y, x) for finite y and x (fdlibm e_atan2.c without its signed-zero and infinity cases: 0 for
 * (0, x ≥ 0), π for (0, x < 0)). */
export function atan2(y: number, x: number): number {
  atan2Arguments[0] = y; atan2Arguments[1] = x;
  writeAtan2(atan2Arguments);
  return atan2Arguments[2];
}
