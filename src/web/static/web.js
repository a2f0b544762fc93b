// Progressive enhancement of the search page: htmx (served beside this file) sends the form as
// you type and swaps in the results; this file only keeps the URL clean of empty fields, so the
// address bar holds the same state a plain form submission would.
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
