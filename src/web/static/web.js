// Progressive enhancement of the search page: htmx (served beside this file) sends the form as
// you type or tick a facet and swaps in the results. This file keeps the URL clean of empty
// fields, so the address bar holds the same state a plain form submission would, and sends
// nothing when the form says what it said in the last search sent (a checkbox fires both `input`
// and `change`; leaving a field fires `change` after its `input`): one search, one history entry.

/** The form's fields as a query string, empty ones left out. */
function queryOf(form) {
  const data = new FormData(form);
  for (const [name, value] of [...data.entries()]) {
    if (value === "") data.delete(name);
  }
  return new URLSearchParams(data).toString();
}

let lastSent = new URLSearchParams(location.search).toString();
/**
 * Whether the person submitted the search being answered (Enter, the Search button), rather than
 * typed it: a refusal then takes the focus. Enter in a field fires `change` before `submit`, and
 * the `change` sends the search, so the `submit` (not sent again) marks the answer on its way.
 */
let submitted = false;

// Before htmx decides anything (a request it would drop would still cancel the one in flight).
document.addEventListener("htmx:confirm", (event) => {
  const form = event.detail.elt;
  if (!(form instanceof HTMLFormElement)) return;
  const trigger = event.detail.triggeringEvent?.type;
  if (trigger === "submit") submitted = true;
  else if (trigger === "input") submitted = false;
  const wanted = queryOf(form);
  if (wanted === lastSent) event.preventDefault();
  else lastSent = wanted;
});

// A search the server refused: a 400 (a place it does not know), a 429 (past the key's rate), a
// 503 (the index loading). htmx 2 swaps no 4xx/5xx answer, which left the last results and their
// count on screen under a query they were not for, with no word of why, and the refused search
// counted as sent, so that pressing Search again sent nothing.
document.addEventListener("htmx:beforeSwap", (event) => {
  const xhr = event.detail.xhr;
  // Answered by the sign-in page (the session ended, or its key was revoked, while this page was
  // open): the browser followed the redirect, and that page is the one to show, whole. Swapped
  // into the results, it showed nothing under the old count, and every search after it the same
  // (reviewer W, session 42). After signing in, its `next` brings the person back to the search.
  const answeredBy = xhr.responseURL ? new URL(xhr.responseURL) : null;
  if (answeredBy?.origin === location.origin && answeredBy.pathname === "/signin") {
    event.detail.shouldSwap = false;
    location.assign(answeredBy.href);
    return;
  }
  if (xhr.status < 400) return;
  lastSent = null;
  const served = new DOMParser().parseFromString(xhr.responseText, "text/html");
  if (served.querySelector("#results")) {
    // The search page itself, its error said beside the form, as a plain submission shows it.
    event.detail.shouldSwap = true;
    event.detail.isError = false;
    return;
  }
  // Another page ("Too many searches"): its message in place of the results.
  const message = served.querySelector("main h1 + p")?.textContent ??
    `The server could not search (${xhr.status}).`;
  showRefusal(message);
});

document.addEventListener("htmx:sendError", () => {
  lastSent = null;
  showRefusal("The server could not be reached. Check the connection and search again.");
});

// The field a refused search's error is about is marked invalid, says why beside it and points to
// that sentence (`aria-invalid`, `aria-describedby`), as the server renders it. htmx swaps only
// the results (and the error summary, out of band), so after each swap the form's fields take the
// marks and sentences the answer gave them: set on the field at fault, cleared once the search is
// accepted. A search the person submitted (Enter, the Search button) and the server refused moves
// the focus to the error summary at the top of the form, as a page load does: at 360 px the
// results region is a screen below, and a refusal said there went unseen. A search sent as they
// type keeps the focus where they type; the sentence beside the field says why.
document.addEventListener("htmx:afterSwap", (event) => {
  if (event.target.id !== "results") return;
  const served = new DOMParser().parseFromString(event.detail.xhr.responseText, "text/html");
  markFields((id) => served.getElementById(id));
  if (submitted) {
    submitted = false;
    focusErrorSummary();
  } else if (document.activeElement?.matches("input, select")) {
    // The sentence set above the field typed in pushes it down; at the foot of a 360 px screen
    // (where the browser keeps a field typed in) that was out of view (session 56).
    document.activeElement.scrollIntoView({ block: "nearest" });
  }
});

// The error summary is shown on a submitted search alone (GOV.UK: on submit, not on every
// keystroke). Swapped in as the person types, it stood above the field they typed in and, at
// 360 px, pushed that field a screen down, out of view (reviewers, session 38). A typed search's
// answer empties it instead: the sentence beside the field says why, and the field stays where
// the person is looking.
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  if (event.detail.target?.id !== "error-summary" || submitted) return;
  event.detail.shouldSwap = false;
  event.detail.target.replaceChildren();
});

/** The error summary, where there is one, takes the focus (and so is scrolled into view). */
function focusErrorSummary() {
  document.querySelector("#error-summary .error-summary")?.focus();
}

// A link of the error summary puts the focus in its field, not only the view on it.
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element
    ? event.target.closest(".error-summary a[href^='#field-']")
    : null;
  const field = link && document.getElementById(link.getAttribute("href").slice(1));
  if (!field) return;
  event.preventDefault();
  const details = field.closest("details");
  if (details) details.open = true;
  field.focus();
});

/** Each field of the search form takes the marks `servedField(id)` has (none where it is null). */
function markFields(servedField) {
  for (const field of document.querySelectorAll("#search :is(input, select)[id^='field-']")) {
    const served = servedField(field.id);
    for (const name of ["aria-invalid", "aria-describedby"]) {
      const value = served?.getAttribute(name);
      if (value) field.setAttribute(name, value);
      else field.removeAttribute(name);
    }
    // The sentence beside it, between its label and itself.
    const shownError = document.getElementById(`${field.id}-error`);
    const servedError = servedField(`${field.id}-error`);
    if (servedError) {
      const copy = document.importNode(servedError, true);
      if (shownError) shownError.replaceWith(copy);
      else field.before(copy);
    } else shownError?.remove();
    // A field the answer marks, in a closed "More filters", is shown.
    const details = field.closest("details");
    if (served?.getAttribute("aria-invalid") === "true" && details) details.open = true;
  }
}

/** `message` where the results were; the count and the save box no longer stand for them. */
function showRefusal(message) {
  submitted = false;
  markFields(() => null);
  const error = document.createElement("p");
  error.className = "error";
  error.setAttribute("role", "alert");
  error.textContent = message;
  document.querySelector("#results")?.replaceChildren(error);
  document.querySelector("#count")?.replaceChildren();
  document.querySelector("#save-search")?.replaceChildren();
  document.querySelector("#error-summary")?.replaceChildren();
}

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

// The facets stand between the count and the first result on a narrow screen: there they start
// closed, one tap away. A person's open or closed choice then holds across the searches htmx
// swaps in (each comes back open, as served).
const narrowScreen = matchMedia("(max-width: 48rem)");
let facetsOpen = !narrowScreen.matches;

function applyFacetsChoice() {
  const details = document.querySelector("details.narrow");
  if (details) details.open = facetsOpen;
}

// `toggle` does not bubble; a capturing listener still sees it.
document.addEventListener("toggle", (event) => {
  if (event.target instanceof HTMLDetailsElement && event.target.matches(".narrow")) {
    facetsOpen = event.target.open;
  }
}, true);
document.addEventListener("htmx:afterSwap", applyFacetsChoice);
applyFacetsChoice();
// A page served with a refused search (a plain submission, a link) says it at the top, focused.
focusErrorSummary();

// Escape closes what opens: an open disclosure of the search form ("More filters", "Narrow"),
// from its summary or from anything in it, the focus back on its summary, where Enter opens it
// again. (A date picker's or a list's own Escape closes that first: it never reaches the page.)
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || event.defaultPrevented) return;
  const details = event.target instanceof Element
    ? event.target.closest("#search details[open]")
    : null;
  const summary = details?.querySelector(":scope > summary");
  if (!summary) return;
  details.open = false;
  summary.focus();
});
