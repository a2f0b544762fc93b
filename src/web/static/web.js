// Progressive enhancement of the search page: htmx (served beside this file) sends the form as
// you type and swaps in the results. This file keeps the URL clean of empty fields, so the
// address bar holds the same state a plain form submission would, and sends the form when a
// facet checkbox changes (the facets belong to the form through their `form` attribute but sit
// outside it, in the results region htmx replaces, so their events do not reach it).
document.addEventListener("change", (event) => {
  const box = event.target;
  if (box instanceof HTMLInputElement && box.getAttribute("form") === "search" && box.form) {
    globalThis.htmx?.trigger(box.form, "facetchange");
  }
});

document.addEventListener("htmx:configRequest", (event) => {
  const parameters = event.detail.parameters;
  // htmx 2 hands a FormData; older ones a plain object.
  if (parameters instanceof FormData) {
    for (const [name, value] of [...parameters.entries()]) {
      if (value === "") parameters.delete(name);
    }
  } else {
    for (const name of Object.keys(parameters)) {
      if (parameters[name] === "") delete parameters[name];
    }
  }
});
