// sin, cos and atan2 from +, −, ×, ÷ and Math.round only, so the step gives the same bits in every
// JavaScript engine. Math.sin, Math.cos and Math.atan2 are not required to be correctly rounded, and
// engines differ in the last bit: measured here, node 20 (V8 11.3) and chromium 156 stepped the
// determinism reference scene to different hashes until the step used these. IEEE 754 fixes the result
// of +, −, ×, ÷ and sqrt exactly, so code built from them alone is portable.
//
// The algorithms and coefficients are fdlibm's (Sun Microsystems, 1993; the basis of most libms):
// k_sin.c / k_cos.c (minimax polynomials on [−π/4, π/4]), the Cody-Waite reduction by π/2 split in three
// parts from e_rem_pio2.c (exact for |x| < 2^20 π/2), and s_atan.c / e_atan2.c. Larger arguments, up to
// the largest double, are reduced by Payne and Hanek's method (fdlibm's k_rem_pio2.c: x times 2/π to as
// many bits as x's exponent needs, in 24-bit pieces whose products are exact in doubles; integer
// arithmetic on the pieces besides +, −, ×, ÷, which is exact too). Accuracy against the true value
// (measured with exact BigInt arithmetic on random arguments): 0.8 ulp for |x| < 1, 1.3 ulp below 1e3,
// 2.1 ulp up to 1.6e6 (the three-part reduction rounds r, and the kernels take no tail for it), 0.8 ulp
// from 1.6e6 to the largest double (the Payne-Hanek reduction's r carries a tail, which the kernels
// take, as fdlibm's). tests/math.test.ts compares with Math.* to 2 ulp, tests/angle-wrap.test.ts from
// 1e-300 to 1e300.

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

/** sin(x) for every finite x (NaN for ±Infinity and NaN). */
export function sin(x: number): number {
  if (!(Math.abs(x) < 1.6e6)) return sinLarge(x);
  if (Math.abs(x) <= 0.7853981633974483) return kernelSin(x);
  const r = reduce(x);
  switch (quadrant) {
    case 0: return kernelSin(r);
    case 1: return kernelCos(r);
    case 2: return -kernelSin(r);
    default: return -kernelCos(r);
  }
}

/** cos(x) for every finite x (NaN for ±Infinity and NaN). */
export function cos(x: number): number {
  if (!(Math.abs(x) < 1.6e6)) return cosLarge(x);
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
    angle[1] = sinLarge(x); angle[2] = cosLarge(x);
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

// Payne-Hanek reduction for |x| ≥ 1.6e6, fdlibm's e_rem_pio2.c (large case) and k_rem_pio2.c with
// prec = 2 (the result to 2 doubles). x is split in three 24-bit pieces; 2/π is stored as 24-bit pieces
// (IPIO2, its binary digits after the point), of which only those that matter for x's exponent are
// multiplied in: the earlier ones give multiples of 8 (whole turns twice over), the later ones add
// nothing the result keeps. Every product of two pieces is below 2^48 and every sum below 2^53, so the
// arithmetic is exact until the last conversion to π/2 times a fraction.

/** 2/π in 24-bit pieces: 2/π = Σ IPIO2[i] 2^(−24(i+1)) (enough for x up to 2^1024). */
const IPIO2 = [
  0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C, 0x439041, 0xFE5163, 0xABDEBB,
  0xC561B7, 0x246E3A, 0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129, 0xA73EE8, 0x8235F5,
  0x2EBB44, 0x84E99C, 0x7026B4, 0x5F7E41, 0x3991D6, 0x398353, 0x39F49C, 0x845F8B, 0xBDF928, 0x3B1FF8,
  0x97FFDE, 0x05980F, 0xEF2F11, 0x8B5A0A, 0x6D1F6D, 0x367ECF, 0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D,
  0x7527BA, 0xC7EBE5, 0xF17B3D, 0x0739F7, 0x8A5292, 0xEA6BFB, 0x5FB11F, 0x8D5D08, 0x560330, 0x46FC7B,
  0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3, 0x91615E, 0xE61B08, 0x659985, 0x5F14A0, 0x68408D, 0xFFD880,
  0x4D7327, 0x310606, 0x1556CA, 0x73A8C9, 0x60E27B, 0xC08C6B,
];
/** π/2 in 24-bit pieces (each a double with 24 significant bits). */
const PIO2_PIECES = [
  1.57079625129699707031e+00, 7.54978941586159635335e-08, 5.39030252995776476554e-15, 3.28200341580791294123e-22,
  1.27065575308067607349e-29, 1.22933308981111328932e-36, 2.73370053816464559624e-44, 2.16741683877804819444e-51,
];
const TWO24 = 16777216, TWON24 = 5.9604644775390625e-8;
/** 2^(2^i) and 2^(−2^i) for i = 0..10, by exact doubling and halving (no Math.pow, whose result the
 * standard leaves to the engine). */
const POW2_UP = new Float64Array(11), POW2_DOWN = new Float64Array(11);
{
  let up = 2, down = 0.5;
  for (let i = 0; i < 11; i++) {
    POW2_UP[i] = up; POW2_DOWN[i] = down;
    up *= up; down *= down;
  }
}
/** x 2^n, exact while the result is a normal double. */
function scale2(x: number, n: number): number {
  const table = n < 0 ? POW2_DOWN : POW2_UP;
  let m = n < 0 ? -n : n;
  for (let i = 0; m !== 0; i++, m >>>= 1) if (m & 1) x *= table[i];
  return x;
}
const bits = new DataView(new ArrayBuffer(8));
/** The reduced argument as two doubles (head, tail: r = head + tail, |r| ≤ π/4). */
const reduced = new Float64Array(2);
const xPieces = new Float64Array(3);
const iq = new Int32Array(20);
const fPieces = new Float64Array(20), qPieces = new Float64Array(20), fq = new Float64Array(20);

/** |x| ≥ 1.6e6 finite: writes r = |x| − n π/2 (|r| ≤ π/4) to `reduced` and returns n mod 8. */
function reduceLarge(ax: number): number {
  bits.setFloat64(0, ax);
  const e0 = ((bits.getUint32(0) >>> 20) & 0x7ff) - 1046; // the exponent less 23
  let z = scale2(ax, -e0); // in [2^23, 2^24)
  xPieces[0] = Math.trunc(z); z = (z - xPieces[0]) * TWO24;
  xPieces[1] = Math.trunc(z); z = (z - xPieces[1]) * TWO24;
  xPieces[2] = z;
  let nx = 3;
  while (xPieces[nx - 1] === 0) nx--;

  const jk = 4, jp = 4, jx = nx - 1;
  let jv = Math.trunc((e0 - 3) / 24);
  if (jv < 0) jv = 0;
  let q0 = e0 - 24 * (jv + 1);
  for (let i = 0, j = jv - jx; i <= jx + jk; i++, j++) fPieces[i] = j < 0 ? 0 : IPIO2[j];
  for (let i = 0; i <= jk; i++) {
    let fw = 0;
    for (let j = 0; j <= jx; j++) fw += xPieces[j] * fPieces[jx + i - j];
    qPieces[i] = fw;
  }
  let jz = jk, n = 0, ih = 0;
  for (;;) {
    // distill qPieces into 24-bit integers, last first
    let i = 0, j = jz;
    z = qPieces[jz];
    for (; j > 0; i++, j--) {
      const fw = Math.trunc(TWON24 * z);
      iq[i] = z - TWO24 * fw;
      z = qPieces[j - 1] + fw;
    }
    z = scale2(z, q0);
    z -= 8 * Math.floor(z * 0.125); // whole multiples of 8 quarter turns drop out
    n = Math.trunc(z);
    z -= n;
    ih = 0;
    if (q0 > 0) {
      const k = iq[jz - 1] >> (24 - q0);
      n += k;
      iq[jz - 1] -= k << (24 - q0);
      ih = iq[jz - 1] >> (23 - q0);
    } else if (q0 === 0) ih = iq[jz - 1] >> 23;
    else if (z >= 0.5) ih = 2;
    if (ih > 0) { // fraction > 0.5: n + 1 and the fraction 1 − q
      n += 1;
      let carry = 0;
      for (let k = 0; k < jz; k++) {
        const v = iq[k];
        if (carry === 0) {
          if (v !== 0) { carry = 1; iq[k] = 0x1000000 - v; }
        } else iq[k] = 0xffffff - v;
      }
      if (q0 === 1) iq[jz - 1] &= 0x7fffff;
      else if (q0 === 2) iq[jz - 1] &= 0x3fffff;
      if (ih === 2) {
        z = 1 - z;
        if (carry !== 0) z -= scale2(1, q0);
      }
    }
    if (z !== 0) break;
    let any = 0;
    for (let k = jz - 1; k >= jk; k--) any |= iq[k];
    if (any !== 0) break;
    // the fraction cancelled to zero so far: take more pieces of 2/π
    let more = 1;
    while (iq[jk - more] === 0) more++;
    for (let k = jz + 1; k <= jz + more; k++) {
      fPieces[jx + k] = IPIO2[jv + k];
      let fw = 0;
      for (let m = 0; m <= jx; m++) fw += xPieces[m] * fPieces[jx + k - m];
      qPieces[k] = fw;
    }
    jz += more;
  }
  // drop zero pieces, or split z into 24-bit pieces
  if (z === 0) {
    jz -= 1; q0 -= 24;
    while (iq[jz] === 0) { jz--; q0 -= 24; }
  } else {
    z = scale2(z, -q0);
    if (z >= TWO24) {
      const fw = Math.trunc(TWON24 * z);
      iq[jz] = z - TWO24 * fw;
      jz += 1; q0 += 24;
      iq[jz] = fw;
    } else iq[jz] = z;
  }
  // the fraction as doubles, then times π/2
  let fw = scale2(1, q0);
  for (let i = jz; i >= 0; i--) { qPieces[i] = fw * iq[i]; fw *= TWON24; }
  for (let i = jz; i >= 0; i--) {
    fw = 0;
    for (let k = 0; k <= jp && k <= jz - i; k++) fw += PIO2_PIECES[k] * qPieces[i + k];
    fq[jz - i] = fw;
  }
  fw = 0;
  for (let i = jz; i >= 0; i--) fw += fq[i];
  reduced[0] = ih === 0 ? fw : -fw;
  fw = fq[0] - fw;
  for (let i = 1; i <= jz; i++) fw += fq[i];
  reduced[1] = ih === 0 ? fw : -fw;
  return n & 7;
}

/** sin(x + y) for |x + y| ≤ π/4 with y a tail below x's last bit (fdlibm k_sin.c with iy = 1). */
function kernelSinTail(x: number, y: number): number {
  const z = x * x, v = z * x;
  const r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}
/** cos(x + y) for |x + y| ≤ π/4 (fdlibm k_cos.c). */
function kernelCosTail(x: number, y: number): number {
  const z = x * x;
  const r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  const half = 0.5 * z;
  const w = 1 - half;
  return w + (((1 - w) - half) + (z * r - x * y));
}

/** sin(x) for |x| ≥ 1.6e6 and non-finite x (NaN). */
function sinLarge(x: number): number {
  if (x - x !== 0) return NaN;
  const n = reduceLarge(x < 0 ? -x : x) & 3, a = reduced[0], b = reduced[1];
  const s = n === 0 ? kernelSinTail(a, b) : n === 1 ? kernelCosTail(a, b) : n === 2 ? -kernelSinTail(a, b) : -kernelCosTail(a, b);
  return x < 0 ? -s : s;
}
/** cos(x) for |x| ≥ 1.6e6 and non-finite x (NaN). */
function cosLarge(x: number): number {
  if (x - x !== 0) return NaN;
  const n = reduceLarge(x < 0 ? -x : x) & 3, a = reduced[0], b = reduced[1];
  return n === 0 ? kernelCosTail(a, b) : n === 1 ? -kernelSinTail(a, b) : n === 2 ? -kernelCosTail(a, b) : kernelSinTail(a, b);
}

const PI_HI = 3.14159265358979311600e+0, PI_LO_PART = 1.22464679914735317720e-16;
const PIO2_HI = 1.57079632679489655800e+0, PIO2_LO = 6.12323399573676588613e-17;

/**
 * values[at] becomes the same angle wrapped to [−Math.PI, Math.PI] (x − 2πk, within a few ulp of π of
 * the true remainder for every finite x; x itself, bit for bit, when it is already in that range;
 * NaN for non-finite x). (In place in an array: a double passed to or returned from a call V8 does not
 * inline is boxed.)
 */
export function wrapAngleAt(values: Float64Array, at: number): void {
  const x = values[at];
  if (x >= -PI_HI && x <= PI_HI) return;
  if (x - x !== 0) {
    values[at] = NaN;
    return;
  }
  // x = r + n π/2 (mod 2π), |r| ≤ π/4
  let n: number, r: number;
  if (Math.abs(x) < 1.6e6) {
    r = reduce(x);
    n = quadrant;
  } else {
    n = reduceLarge(x < 0 ? -x : x) & 3;
    r = reduced[0] + reduced[1];
    if (x < 0) {
      r = -r;
      n = (4 - n) & 3;
    }
  }
  if (n === 0) values[at] = r;
  else if (n === 1) values[at] = (r + PIO2_LO) + PIO2_HI;
  else if (n === 3) values[at] = (r - PIO2_LO) - PIO2_HI;
  else values[at] = r <= 0 ? (r + PI_LO_PART) + PI_HI : (r - PI_LO_PART) - PI_HI;
}

const wrapScratch = new Float64Array(1);
/** x wrapped to [−Math.PI, Math.PI] (see wrapAngleAt). */
export function wrapAngleToPi(x: number): number {
  wrapScratch[0] = x;
  wrapAngleAt(wrapScratch, 0);
  return wrapScratch[0];
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
