// Live reload and the error overlay of `sitegen serve` (never part of a built site).
// It long-polls /__sitegen/status: when a new build changed this page, it reloads; while
// the last build failed, an overlay lists its problems as the terminal does. The
// problems are content text: they reach the page only as text nodes.
(() => {
  const STYLE = `
    :host { all: initial; }
    .backdrop { position: fixed; inset: 0; z-index: 2147483647; background: rgb(0 0 0 / 0.6);
      display: flex; align-items: flex-start; justify-content: center; padding: 4vh 2vw; }
    .dialog { box-sizing: border-box; width: min(64rem, 100%); max-height: 92vh; overflow: auto;
      background: #1e1e24; color: #f2f2f2; border-top: 0.5rem solid #ff6b6b; border-radius: 0.5rem;
      padding: 1.25rem 1.5rem; font: 15px/1.5 system-ui, sans-serif; box-shadow: 0 1rem 3rem rgb(0 0 0 / 0.5); }
    .dialog:focus { outline: none; }
    .dialog:focus-visible, button:focus-visible { outline: 3px solid #ffd166; outline-offset: 2px; }
    .top { display: flex; gap: 1rem; align-items: baseline; justify-content: space-between; }
    h2 { margin: 0; font-size: 1.25rem; color: #ff8f8f; }
    p { margin: 0.5rem 0; }
    ol { margin: 1rem 0 0; padding: 0; list-style: none; }
    li { border-top: 1px solid #44444f; padding: 0.75rem 0; }
    .headline { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 14px; overflow-wrap: anywhere; }
    .location { color: #9ecbff; }
    .error { color: #ff8f8f; font-weight: bold; }
    .warning { color: #ffd166; font-weight: bold; }
    .message { font-weight: bold; }
    pre { margin: 0.5rem 0 0; font: 14px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre; }
    .gutter { color: #9ecbff; }
    .caret { color: #ff8f8f; font-weight: bold; }
    .caret.warning-caret { color: #ffd166; }
    button { font: inherit; color: #1e1e24; background: #f2f2f2; border: 0; border-radius: 0.25rem;
      padding: 0.25rem 0.75rem; cursor: pointer; flex: none; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
    @media (prefers-reduced-motion: no-preference) {
      .dialog { animation: arrive 160ms ease-out; }
      @keyframes arrive { from { opacity: 0; transform: translateY(-0.5rem); } }
    }`;

  /** An element with attributes and children (strings become text nodes). */
  const element = (name, attributes = {}, ...children) => {
    const node = document.createElement(name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    for (const child of children) node.append(child);
    return node;
  };

  const plural = (count, noun) => `${count} ${noun}${count === 1 ? '' : 's'}`;

  /** `LOCATION: error[CODE]: MESSAGE` (the location as sitegen shows it), then the source line, its caret and the hint. */
  const problemItem = (problem) => {
    const location = problem.location;
    const label = `${problem.severity}[${problem.code}]`;
    const headline = element(
      'p',
      { class: 'headline' },
      ...(location ? [element('span', { class: 'location' }, location), ': '] : []),
      element('span', { class: problem.severity === 'warning' ? 'warning' : 'error' }, label),
      ': ',
      element('span', { class: 'message' }, problem.message),
    );
    const item = element('li', {}, headline);
    const number = problem.line > 0 ? String(problem.line) : '';
    const gutter = ' '.repeat(number.length);
    if (problem.source_line !== null && problem.source_line !== undefined) {
      const source = problem.source_line;
      const before = [...source].slice(0, problem.caret_offset);
      const underlined = [...source].slice(problem.caret_offset, problem.caret_offset + problem.caret_length).join('');
      const indent = before.map((character) => (character === '\t' ? '\t' : ' ')).join('');
      const caretClass = problem.severity === 'warning' ? 'caret warning-caret' : 'caret';
      item.append(
        element(
          'pre',
          {},
          element('span', { class: 'gutter', 'aria-hidden': 'true' }, `${gutter} |\n${number} | `),
          source,
          '\n',
          element(
            'span',
            { 'aria-hidden': 'true' },
            element('span', { class: 'gutter' }, `${gutter} | `),
            indent,
            element('span', { class: caretClass }, '^'.repeat(Math.max(1, problem.caret_length))),
          ),
          element('span', { class: 'visually-hidden' }, `(at ${JSON.stringify(underlined)})`),
        ),
      );
    }
    if (problem.hint) item.append(element('p', {}, element('strong', {}, 'help: '), problem.hint));
    return item;
  };

  let overlay = null;
  let focusBefore = null;

  const dismiss = () => {
    if (!overlay) return;
    overlay.remove();
    overlay = null;
    if (focusBefore instanceof HTMLElement && focusBefore.isConnected) focusBefore.focus();
    focusBefore = null;
  };

  const show = (problems) => {
    dismiss();
    if (problems.length === 0) return;
    const errors = problems.filter((problem) => problem.severity !== 'warning').length;
    const warnings = problems.length - errors;
    const host = element('div', { id: 'sitegen-error-overlay' });
    const root = host.attachShadow({ mode: 'open' });
    // CSSOM, not a <style> element: the site's CSP allows no inline styles.
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
    root.adoptedStyleSheets = [sheet];
    const close = element('button', { type: 'button' }, 'Dismiss (Esc)');
    close.addEventListener('click', dismiss);
    const dialog = element(
      'div',
      {
        class: 'dialog',
        role: 'alertdialog',
        'aria-modal': 'true',
        'aria-labelledby': 'sitegen-title',
        'aria-describedby': 'sitegen-summary',
        tabindex: '-1',
      },
      element('div', { class: 'top' }, element('h2', { id: 'sitegen-title' }, 'The build failed'), close),
      element(
        'p',
        { id: 'sitegen-summary' },
        `${plural(errors, 'error')}${warnings ? `, ${plural(warnings, 'warning')}` : ''}. ` +
          'This page shows the last good build. Fix the file and save: the page reloads by itself.',
      ),
      element('ol', {}, ...problems.map(problemItem)),
    );
    // Focus stays in the dialog while it is open (its only control is the button).
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Tab') {
        event.preventDefault();
        close.focus();
      }
    });
    root.append(element('div', { class: 'backdrop' }, dialog));
    document.body.append(host);
    overlay = host;
    // A page framed in another (the editor's preview) takes the keyboard only when it has
    // it: the editor typing in its form while a save's build fails keeps every letter.
    if (window.top === window || document.hasFocus()) {
      focusBefore = document.activeElement;
      dialog.focus();
    }
  };

  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && overlay) {
      event.preventDefault();
      dismiss();
    }
  });

  const start = async () => {
    let build = null;
    let generation = null;
    for (;;) {
      try {
        const query = new URLSearchParams({ page: location.pathname });
        if (generation !== null) query.set('after', String(generation));
        const response = await fetch(`/__sitegen/status?${query}`, { cache: 'no-store' });
        const status = await response.json();
        // A page reloads when the new build changed it, or when it missed a build (the
        // server describes only the last one); other pages stay as they are.
        if (build !== null && status.build !== build && (status.page_changed || status.build !== build + 1)) {
          location.reload();
          return;
        }
        build = status.build;
        if (status.generation !== generation) show(status.problems);
        generation = status.generation;
      } catch {
        await new Promise((resume) => setTimeout(resume, 2000));
      }
    }
  };

  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
})();
