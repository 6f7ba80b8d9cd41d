// ui.js: the page's messages to its user, and the one DOM helper every
// module uses.
import { state } from "./state.js";

export const $ = (id) => document.getElementById(id);

export function showError(err) {
	const text = String(err && err.message ? err.message : err);
	state.errors.push(text);
	showMessage(text, true);
	console.warn("matador page:", text);
}

export function showMessage(text, isError) {
	const m = $("message");
	m.textContent = text;
	m.classList.toggle("error", !!isError);
}

export function clearMessage() {
	showMessage("");
}
