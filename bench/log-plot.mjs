// A power law fitted to measurements, and a log-log plot of them as an SVG string (no dependencies):
// bench/run.mjs draws the scaling section's figure with it.

/** Least squares on (log x, log y): y ≈ c · x^exponent. */
export function fitPowerLaw(xs, ys) {
  const lx = xs.map(Math.log), ly = ys.map(Math.log), k = xs.length;
  const mx = lx.reduce((a, b) => a + b, 0) / k, my = ly.reduce((a, b) => a + b, 0) / k;
  let sxy = 0, sxx = 0;
  for (let i = 0; i < k; i++) {
    sxy += (lx[i] - mx) * (ly[i] - my);
    sxx += (lx[i] - mx) * (lx[i] - mx);
  }
  const exponent = sxy / sxx;
  return { exponent, coefficient: Math.exp(my - exponent * mx) };
}

/** 1, 2, 5 times the powers of ten from below lo to above hi: the candidate tick values. */
function ticks125(lo, hi) {
  const out = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) {
    for (const m of [1, 2, 5]) out.push(m * 10 ** e);
  }
  return out;
}

const escape = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Text with ^{…} set as a superscript (and the text after it back on the line). */
const rich = (s) => escape(s).replace(/\^\{([^}]*)\}/g, '<tspan dy="-6" font-size="10">$1</tspan><tspan dy="6"></tspan>');
const label = (v) => (v >= 1 ? String(v) : String(Number(v.toPrecision(1))));

/**
 * A log-log plot: series = [{ name, color, marker: 'circle' | 'square', hollow, points: [[x, y], …], fit: {
 * exponent, coefficient } | null }], each drawn as its points and its fitted line over their x range, with a
 * legend (a name's ^{…} is a superscript). Both axes are logarithmic, ticked at 1, 2 and 5 times the
 * powers of ten, gridlines at those. A subtitle, if any, goes under the title; `reference`, { name,
 * exponent }, draws a grey dotted line of that slope through the first series' first point (y ∝ x, to
 * read the others' slopes against).
 */
export function logLogPlot({ title, subtitle = '', xLabel, yLabel, series, reference = null, width = 720, height = 480 }) {
  const all = series.flatMap((s) => s.points);
  const xs = all.map((p) => p[0]), ys = all.map((p) => p[1]);
  // axis ranges: the data widened by a fifth of a decade either side, on the log scale
  const pad = 10 ** 0.2;
  const x0 = Math.min(...xs) / pad, x1 = Math.max(...xs) * pad;
  const y0 = Math.min(...ys) / pad, y1 = Math.max(...ys) * pad;
  const left = 78, right = 24, top = subtitle ? 62 : 46, bottom = 62;
  const w = width - left - right, h = height - top - bottom;
  const X = (x) => left + (w * Math.log(x / x0)) / Math.log(x1 / x0);
  const Y = (y) => top + h - (h * Math.log(y / y0)) / Math.log(y1 / y0);
  const f = (v) => v.toFixed(1);
  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="13">`);
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${width / 2}" y="26" text-anchor="middle" font-size="16" font-weight="bold" fill="#222">${escape(title)}</text>`);
  if (subtitle) out.push(`<text x="${width / 2}" y="46" text-anchor="middle" font-size="12" fill="#555">${escape(subtitle)}</text>`);
  // gridlines and ticks
  const xTicks = ticks125(x0, x1).filter((v) => v >= x0 && v <= x1);
  const yTicks = ticks125(y0, y1).filter((v) => v >= y0 && v <= y1);
  for (const v of xTicks) {
    const major = Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9;
    out.push(`<line x1="${f(X(v))}" y1="${top}" x2="${f(X(v))}" y2="${top + h}" stroke="${major ? '#c8c8c8' : '#e6e6e6'}"/>`);
    out.push(`<line x1="${f(X(v))}" y1="${top + h}" x2="${f(X(v))}" y2="${top + h + 5}" stroke="#444"/>`);
    out.push(`<text x="${f(X(v))}" y="${top + h + 20}" text-anchor="middle" fill="#333">${label(v)}</text>`);
  }
  for (const v of yTicks) {
    const major = Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9;
    out.push(`<line x1="${left}" y1="${f(Y(v))}" x2="${left + w}" y2="${f(Y(v))}" stroke="${major ? '#c8c8c8' : '#e6e6e6'}"/>`);
    out.push(`<line x1="${left - 5}" y1="${f(Y(v))}" x2="${left}" y2="${f(Y(v))}" stroke="#444"/>`);
    out.push(`<text x="${left - 9}" y="${f(Y(v) + 4.5)}" text-anchor="end" fill="#333">${label(v)}</text>`);
  }
  out.push(`<rect x="${left}" y="${top}" width="${w}" height="${h}" fill="none" stroke="#444"/>`);
  out.push(`<text x="${left + w / 2}" y="${height - 16}" text-anchor="middle" fill="#222">${escape(xLabel)}</text>`);
  out.push(`<text transform="translate(20 ${top + h / 2}) rotate(-90)" text-anchor="middle" fill="#222">${escape(yLabel)}</text>`);
  // the reference line, clipped to the frame, and the fitted lines under the points
  const guide = reference === null ? null : { name: reference.name, color: '#8a8a8a', dash: '2 4' };
  if (guide !== null) {
    const [px, py] = series[0].points[0];
    const at = (x) => py * (x / px) ** reference.exponent;
    // from the left edge, or where the line enters the frame at the bottom, to the right edge or the top
    const a = Math.max(x0, px * (y0 / py) ** (1 / reference.exponent)), b = Math.min(x1, px * (y1 / py) ** (1 / reference.exponent));
    out.push(`<line x1="${f(X(a))}" y1="${f(Y(at(a)))}" x2="${f(X(b))}" y2="${f(Y(at(b)))}" stroke="${guide.color}" stroke-width="1.5" stroke-dasharray="${guide.dash}"/>`);
  }
  for (const s of series) {
    if (!s.fit || s.points.length < 2) continue;
    const px = s.points.map((p) => p[0]);
    const a = Math.min(...px), b = Math.max(...px);
    const line = (x) => s.fit.coefficient * x ** s.fit.exponent;
    out.push(`<line x1="${f(X(a))}" y1="${f(Y(line(a)))}" x2="${f(X(b))}" y2="${f(Y(line(b)))}" stroke="${s.color}" stroke-width="2" stroke-dasharray="7 4" opacity="0.8"/>`);
  }
  // filled, or (hollow) an outline in the series' colour
  const paint = (s) => (s.hollow ? `fill="#ffffff" stroke="${s.color}" stroke-width="1.6"` : `fill="${s.color}" stroke="#fff" stroke-width="1"`);
  const marker = (s, x, y) => (s.marker === 'square'
    ? `<rect x="${f(x - 5)}" y="${f(y - 5)}" width="10" height="10" ${paint(s)}/>`
    : `<circle cx="${f(x)}" cy="${f(y)}" r="5.5" ${paint(s)}/>`);
  for (const s of series) for (const [x, y] of s.points) out.push(marker(s, X(x), Y(y)));
  // legend, top left inside the frame (the lines rise to the right)
  // (its width from the longest name, at about 7 px a character of 13 px Helvetica)
  const entries = guide === null ? series : [...series, guide];
  const rowHeight = 22, legendWidth = 62 + 7 * Math.max(...entries.map((s) => s.name.replace(/[\^{}]/g, '').length));
  out.push(`<rect x="${left + 12}" y="${top + 12}" width="${legendWidth}" height="${entries.length * rowHeight + 12}" fill="#ffffff" fill-opacity="0.92" stroke="#bbb"/>`);
  entries.forEach((s, i) => {
    const y = top + 12 + 6 + rowHeight * i + rowHeight / 2;
    if (s === guide) out.push(`<line x1="${left + 22}" y1="${y}" x2="${left + 52}" y2="${y}" stroke="${s.color}" stroke-width="1.5" stroke-dasharray="${s.dash}"/>`);
    else {
      if (s.fit) out.push(`<line x1="${left + 22}" y1="${y}" x2="${left + 52}" y2="${y}" stroke="${s.color}" stroke-width="2" stroke-dasharray="7 4"/>`);
      out.push(marker(s, left + 37, y));
    }
    out.push(`<text x="${left + 62}" y="${y + 4.5}" fill="#222">${rich(s.name)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
