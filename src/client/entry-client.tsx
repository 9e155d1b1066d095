import './styles/app.css';

/**
 * The only script a page asks for up front, a few hundred bytes: the server's markup is the
 * page, so React and the page's chunks load once the page has loaded and painted, and never take
 * bandwidth from its images, font and stylesheet on a slow connection (docs/benchmarks.md: the
 * largest paint with JavaScript matches the one without). Then the app (data-app, from the
 * server) and its chunks with the page's (data-modules) load side by side, and React hydrates.
 * A visitor who touches, clicks, types or tabs before that starts it at once.
 */
function afterFirstLoad(run: () => void) {
  const next = () =>
    document.hidden ? setTimeout(run, 0) : requestAnimationFrame(() => setTimeout(run, 0));
  if (document.readyState === 'complete') next();
  else window.addEventListener('load', next, { once: true });
}

let started = false;

/** Loads the app (data-app, from the server) and its chunks with the page's (data-modules). */
function startApp() {
  if (started) return;
  started = true;
  const script = document.querySelector<HTMLScriptElement>('script[data-app]');
  if (!script?.dataset.app) return releaseHeldSubmit(false);
  for (const href of script.dataset.modules?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  import(/* @vite-ignore */ script.dataset.app).catch(() => releaseHeldSubmit(false));
}

/*
 * A form sent before the app has taken over would post to the page and lose what was typed:
 * hold the submit, start the app at once, and send the form again when the app is ready
 * ('app:ready', from start-app.tsx). If the app cannot load, the form goes as the browser would.
 */
let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;

/*
 * What the visitor typed or chose before the app took over: hydration sets the fields back to
 * the app's state, so their values are put back once it is ready, through the events the app
 * listens to.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const typed = new Map<Field, string | boolean>();
function remember(event: Event) {
  const field = event.target as Field;
  // Only form fields have both (a contenteditable element sends input events too).
  if (!('value' in field && 'form' in field)) return;
  const checkable = field.type === 'checkbox' || field.type === 'radio';
  typed.set(field, checkable ? (field as HTMLInputElement).checked : field.value);
}
document.addEventListener('input', remember, true);
document.addEventListener('change', remember, true);

function restoreTyped() {
  document.removeEventListener('input', remember, true);
  document.removeEventListener('change', remember, true);
  for (const [field, value] of typed) {
    if (typeof value === 'boolean') {
      // The same: set the other way through the element, then the click the app listens to.
      (field as HTMLInputElement).checked = !value;
      field.click();
      continue;
    }
    // Hydration kept the typed text on screen but not in the app's state. Clearing it through the
    // element (which the app tracks) and setting it through the prototype (which it does not)
    // makes the input event a change the app takes in.
    field.value = '';
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setter?.call(field, value);
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }
  typed.clear();
}
function holdSubmit(event: SubmitEvent) {
  if (!(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  held = { form: event.target, submitter: event.submitter };
  startApp();
}
function releaseHeldSubmit(appReady: boolean) {
  document.removeEventListener('submit', holdSubmit, true);
  const form = held;
  held = null;
  if (!form) return;
  if (appReady) form.form.requestSubmit(form.submitter);
  else form.form.submit();
}
document.addEventListener('submit', holdSubmit, true);
window.addEventListener(
  'app:ready',
  () => {
    restoreTyped();
    // After the app has rendered what was put back.
    setTimeout(() => releaseHeldSubmit(true), 0);
  },
  { once: true },
);

// Whatever comes first: the page has loaded and painted, or the visitor reaches for it.
afterFirstLoad(startApp);
// (A touch starts with a pointerdown.)
for (const type of ['pointerdown', 'keydown', 'focusin']) {
  window.addEventListener(type, startApp, { once: true, passive: true, capture: true });
}
