// Live reload for `sitegen serve`: waits (long poll) for the next build, then reloads.
(async () => {
  let seen = null;
  for (;;) {
    try {
      const query = seen === null ? '' : `?after=${seen}`;
      const response = await fetch(`/__sitegen/version${query}`, { cache: 'no-store' });
      const version = await response.text();
      if (seen !== null && version !== seen) {
        location.reload();
        return;
      }
      seen = version;
    } catch {
      await new Promise((resume) => setTimeout(resume, 2000));
    }
  }
})();
