// Math.random seeded (?seed=n, default 1), so that a test sees the same scene each run: three.js's
// example code is kept as it is, and it draws its positions and colours from Math.random.
import { mulberry32 } from '../../../lib/math/random.js';

const seed = Number(new URLSearchParams(location.search).get('seed') ?? 1);
Math.random = mulberry32(seed);
