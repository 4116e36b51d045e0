// Soft constraints (the soft step's spring-damper coefficients).
//
// A constraint row with stiffness ω = 2πf and damping ratio ζ, integrated implicitly over a substep h,
// gives the velocity impulse
//   λ = −massScale · K⁻¹ (J v + biasRate · C) − impulseScale · λ_acc
// with  a₁ = 2ζ + hω,  a₂ = hω a₁,  a₃ = 1 / (1 + a₂),
//       biasRate = ω / a₁,  massScale = a₂ a₃,  impulseScale = a₃        (massScale + impulseScale = 1).
// As f → ∞ the row becomes rigid with full position correction (biasRate → 1/h, massScale → 1,
// impulseScale → 0). Source: Catto, "Solver2D" (2024) and Box2D v3's b2MakeSoft; the older form of the
// same idea is Box2D-Lite's `softness` (Catto, GDC 2006).

export interface Softness {
  /** 1/s: multiplies the position error C to give the velocity the row drives toward. */
  biasRate: number;
  /** Fraction of the rigid impulse K⁻¹ (J v + bias) applied. */
  massScale: number;
  /** Fraction of the accumulated impulse removed each solve (the spring's compliance). */
  impulseScale: number;
  /** γ, s/kg (or 1/(kg·m²·s) for angular rows): a spring in physical units (makeSpring) solves
   * (K + γ I) λ = −(Ċ + biasRate C + γ λ_acc), with massScale 1 and impulseScale 0; 0 for every other
   * softness, whose rows solve as above. */
  compliance: number;
}

export function createSoftness(): Softness {
  return { biasRate: 0, massScale: 1, impulseScale: 0, compliance: 0 };
}

/** Writes the coefficients of a spring of `hertz` (> 0) and `dampingRatio` (≥ 0) for a substep `h`. An
 * undamped spring so weak that h ω underflows to 0 (5e-324 Hz) takes biasRate's limit 1/h (ω / (h ω)):
 * ω / 0 was Infinity, and its product with massScale 0 NaN. */
export function makeSoft(out: Softness, hertz: number, dampingRatio: number, h: number): Softness {
  const omega = 2 * Math.PI * hertz;
  const a1 = 2 * dampingRatio + h * omega;
  const a2 = h * omega * a1;
  const a3 = 1 / (1 + a2);
  out.biasRate = a1 > 0 ? omega / a1 : 1 / h;
  out.massScale = a2 * a3;
  out.impulseScale = a3;
  out.compliance = 0;
  return out;
}

/**
 * A spring of `stiffness` k (N/m, or N·m/rad on angular rows) and `damping` c (N·s/m, or N·m·s/rad),
 * integrated implicitly over a substep h (Catto, "Soft Constraints: Reinventing the Spring", GDC 2011):
 * the impulse λ over the substep obeys
 *   J v₂ + (β / h) C + γ λ = 0,  γ = 1 / (h (c + h k)),  β = h k / (c + h k),
 * that is, with the row's K = J M⁻¹ Jᵀ, (K + γ I) Δλ = −(J v + biasRate C + γ λ_acc) with biasRate = β/h
 * = k / (c + h k). Unlike the frequency form (makeSoft), which sets stiffness in proportion to the
 * row's effective mass, k and c are forces: the same spring on a light body or a heavy one. (For one row
 * of effective mass m = 1/K the two agree when k = m ω², c = 2 ζ m ω: γ/(K + γ) = 1/(1 + a₂).) A spring
 * so weak and undamped that h (c + h k) underflows takes γ = 1e300: it pushes nothing.
 */
export function makeSpring(out: Softness, stiffness: number, damping: number, h: number): Softness {
  const denominator = h * (damping + h * stiffness);
  out.compliance = denominator > 1e-300 ? 1 / denominator : 1e300;
  out.biasRate = denominator > 1e-300 ? (h * stiffness) / denominator : 0;
  out.massScale = 1;
  out.impulseScale = 0;
  return out;
}

/**
 * The fastest a row pushes its bodies apart to undo an overlap (a contact's penetration, a limit crossed):
 * m/s for linear rows, rad/s for angular ones. The soft bias biasRate·C grows with the error; capped, a
 * body placed deep inside another, or a joint created far past its limit, comes back at this speed
 * instead of being launched (Box2D v3's contactSpeed, 3 m/s). For an angular row 3 rad/s is a limb of
 * 1 m coming back at 3 m/s at its end.
 */
export const MAX_PUSH_SPEED = 3;
export const MAX_PUSH_ANGULAR_SPEED = 3;

/** Contact stiffness and damping: 30 Hz (Box2D v3's and Rapier's), damping ratio 5 (Rapier's; Box2D v3
 * takes 10). With one biased sweep of the contacts per substep (step.ts SOLVE) the 30-row pyramid swayed
 * out of its plane and fell at ratio 10; at 5 it stands and sleeps. */
export const CONTACT_HERTZ = 30;
export const CONTACT_DAMPING_RATIO = 5;

/** The contacts' softness for substeps of h: CONTACT_HERTZ, capped at a quarter of the substep rate;
 * against a static body twice that stiffness (Box2D v3's staticSoftness: nothing behind the static
 * body gives way, so it can hold harder). */
export function makeContactSoft(out: Softness, outStatic: Softness, h: number): void {
  const hertz = Math.min(CONTACT_HERTZ, 0.25 / h);
  makeSoft(out, hertz, CONTACT_DAMPING_RATIO, h);
  makeSoft(outStatic, Math.min(2 * hertz, 0.25 / h), CONTACT_DAMPING_RATIO, h);
}

/**
 * The rigid solve without position correction: the soft step's relax pass. Not frozen: a frozen
 * object has another hidden class than the live softness, which would make every solve call site
 * polymorphic. Treat it as read-only.
 */
export const RIGID: Readonly<Softness> = /* @__PURE__ */ createSoftness();
