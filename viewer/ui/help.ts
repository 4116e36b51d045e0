// The help overlay: the keys and the mouse and touch actions, in the middle of the window. H or ? opens and
// closes it (ViewerApp's keys), as do the panel's button and its own; Escape or a click outside its box
// closes it.

/** The keys the viewer reads (ViewerApp.key), as the overlay lists them. */
export const HELP_KEYS: readonly (readonly [string, string])[] = [
  ['P', 'pause, or run again'],
  ['O', 'one step (pauses)'],
  ['R', 'reset the scene'],
  ['C', 'the camera back to the scene\'s view'],
  ['H or ?', 'this help'],
  ['Esc', 'close this help'],
  ['W A S D or arrows, space', 'walk and jump (playground); drive, steer and brake (car, car-2d)'],
];

/** What the pointer does, mouse and touch. */
export const HELP_POINTER: readonly (readonly [string, string])[] = [
  ['drag a body', 'pull it along (a force-limited mouse joint); it stays picked'],
  ['drag empty space', 'orbit the camera'],
  ['right drag, or two fingers', 'pan'],
  ['wheel, or pinch', 'zoom'],
  ['click empty space', 'unpick'],
  ['click (wall, playground)', 'fire a ball at the clicked point'],
  ['hover (probe on)', 'a ray, a swept sphere and the nearest point under the pointer'],
];

export class Help {
  readonly element = document.createElement('div');

  constructor(parent: HTMLElement) {
    const element = this.element;
    element.id = 'help';
    element.hidden = true;
    element.setAttribute('role', 'dialog');
    element.setAttribute('aria-label', 'keys and mouse');
    const box = document.createElement('div');
    box.className = 'help-box';
    const close = document.createElement('button');
    close.className = 'help-close';
    close.textContent = '×';
    close.title = 'close (Esc)';
    close.addEventListener('click', () => this.toggle(false));
    const title = document.createElement('h1');
    title.textContent = 'Keys and mouse';
    box.append(close, title, table('key', HELP_KEYS), table('pointer', HELP_POINTER));
    element.append(box);
    // a press on the dimmed backdrop, not on the box, closes it
    element.addEventListener('pointerdown', (event) => {
      if (event.target === element) this.toggle(false);
    });
    parent.append(element);
  }

  get open(): boolean {
    return !this.element.hidden;
  }

  /** Opens or closes the overlay (toggles it without an argument). */
  toggle(open = !this.open): void {
    this.element.hidden = !open;
  }
}

function table(heading: string, rows: readonly (readonly [string, string])[]): HTMLTableElement {
  const element = document.createElement('table');
  const head = element.createTHead().insertRow();
  for (const text of [heading, 'does']) {
    const cell = document.createElement('th');
    cell.textContent = text;
    head.append(cell);
  }
  const body = element.createTBody();
  for (const [what, does] of rows) {
    const row = body.insertRow();
    const key = row.insertCell();
    key.textContent = what;
    key.className = 'help-key';
    row.insertCell().textContent = does;
  }
  return element;
}
