// board.js: the chessboard of the page, drawn with HTML, CSS and SVG,
// moved by click, drag or touch. It knows no rules: the page tells it
// which moves are legal (from the engine's own move generator, rules.js)
// and what is on each square, and it reports the move a person makes.
// The pieces are the SVG sprite of the cm-chessboard package (pieces.svg,
// copied by "make web"; docs/browser.md says why and under which terms).

export const PIECE_NAMES = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };
export const FILES = "abcdefgh";
export const SVG_NS = "http://www.w3.org/2000/svg";
export const PIECE_SPRITE = "pieces.svg";

// pieceSVG draws a piece ("P", "k", ...) from the sprite.
export function pieceSVG(piece) {
	const white = piece === piece.toUpperCase();
	const svg = document.createElementNS(SVG_NS, "svg");
	svg.setAttribute("viewBox", "0 0 40 40");
	svg.setAttribute("class", "piece " + (white ? "white" : "black"));
	svg.dataset.piece = piece;
	const title = document.createElementNS(SVG_NS, "title");
	title.textContent = (white ? "white " : "black ") + PIECE_NAMES[piece.toLowerCase()];
	svg.appendChild(title);
	const use = document.createElementNS(SVG_NS, "use");
	use.setAttribute("href", `${PIECE_SPRITE}#${white ? "w" : "b"}${piece.toLowerCase()}`);
	svg.appendChild(use);
	return svg;
}

export class Board {
	// options.onMove(uciMove) is called with a legal move the user made,
	// after the board already shows it.
	constructor(element, options) {
		this.element = element;
		this.onMove = options.onMove;
		this.pieces = {}; // square name -> "P", "k", ...
		this.legal = []; // UCI moves the user may make now
		this.flipped = false;
		this.lastMove = null;
		this.checkSquare = null;
		this.selected = null;
		this.drag = null;
		this.squares = {};
		this.arrows = [];
		this.build();
	}

	build() {
		this.element.classList.add("board");
		this.element.textContent = "";
		for (let i = 0; i < 64; i++) {
			const sq = document.createElement("div");
			sq.className = "square";
			this.element.appendChild(sq);
		}
		this.overlay = document.createElementNS(SVG_NS, "svg");
		this.overlay.setAttribute("class", "overlay");
		this.overlay.setAttribute("viewBox", "0 0 8 8");
		this.overlay.innerHTML = '<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse">' +
			'<path d="M0,0 L10,5 L0,10 z"/></marker></defs><g class="arrows"></g>';
		this.element.appendChild(this.overlay);
		this.promotion = document.createElement("div");
		this.promotion.className = "promotion";
		this.promotion.hidden = true;
		this.element.appendChild(this.promotion);
		this.element.addEventListener("pointerdown", (e) => this.pointerDown(e));
		this.element.addEventListener("pointermove", (e) => this.pointerMove(e));
		this.element.addEventListener("pointerup", (e) => this.pointerUp(e));
		this.element.addEventListener("pointercancel", () => this.cancelDrag());
		this.element.addEventListener("contextmenu", (e) => e.preventDefault());
		// The promotion's choice goes with Escape or a press anywhere else,
		// the pawn left where it was.
		document.addEventListener("keydown", (e) => {
			if (e.key === "Escape" && !this.promotion.hidden) {
				this.cancelPromotion();
			}
		});
		document.addEventListener("pointerdown", (e) => {
			if (!this.promotion.hidden && !this.promotion.contains(e.target)) {
				this.cancelPromotion();
				e.stopPropagation();
			}
		}, true);
		this.layout();
	}

	// layout names the 64 cells for the orientation: a8 top left for White.
	layout() {
		this.squares = {};
		const cells = this.element.querySelectorAll(".square");
		cells.forEach((cell, i) => {
			const row = Math.floor(i / 8);
			const col = i % 8;
			const file = this.flipped ? 7 - col : col;
			const rank = this.flipped ? row : 7 - row;
			const name = FILES[file] + (rank + 1);
			cell.dataset.square = name;
			cell.classList.toggle("light", (file + rank) % 2 === 1);
			cell.classList.toggle("dark", (file + rank) % 2 === 0);
			cell.dataset.file = row === 7 ? FILES[file] : "";
			cell.dataset.rank = col === 0 ? String(rank + 1) : "";
			this.squares[name] = cell;
		});
	}

	// setPosition shows a FEN's placement; legal is the list of UCI moves
	// the user may make (empty while it is not the user's turn).
	setPosition(fen, legal, lastMove, checkSquare) {
		this.pieces = parsePlacement(fen);
		this.legal = legal || [];
		this.lastMove = lastMove || null;
		this.checkSquare = checkSquare || null;
		if (!this.selected || !this.legal.some((m) => m.startsWith(this.selected))) {
			this.selected = null;
		}
		this.promotion.hidden = true;
		this.render();
	}

	setFlipped(flipped) {
		this.flipped = flipped;
		this.layout();
		this.render();
	}

	// setArrows draws arrows [{from, to, kind}] over the board.
	setArrows(arrows) {
		this.arrows = arrows || [];
		this.renderArrows();
	}

	// centre gives a square's centre in the overlay's 8x8 coordinates.
	centre(name) {
		const file = FILES.indexOf(name[0]);
		const rank = Number(name[1]) - 1;
		const col = this.flipped ? 7 - file : file;
		const row = this.flipped ? rank : 7 - rank;
		return [col + 0.5, row + 0.5];
	}

	renderArrows() {
		const g = this.overlay.querySelector(".arrows");
		g.textContent = "";
		for (const a of this.arrows) {
			const [x1, y1] = this.centre(a.from);
			const [x2, y2] = this.centre(a.to);
			// Stop short of the centre so that the head sits in the square.
			const len = Math.hypot(x2 - x1, y2 - y1);
			const k = (len - 0.3) / len;
			const line = document.createElementNS(SVG_NS, "line");
			line.setAttribute("x1", x1);
			line.setAttribute("y1", y1);
			line.setAttribute("x2", x1 + (x2 - x1) * k);
			line.setAttribute("y2", y1 + (y2 - y1) * k);
			line.setAttribute("class", "arrow " + (a.kind || "best"));
			line.setAttribute("marker-end", "url(#arrowhead)");
			line.dataset.move = a.from + a.to;
			g.appendChild(line);
		}
	}

	render() {
		const targets = this.selected ? this.targetsFrom(this.selected) : [];
		for (const [name, cell] of Object.entries(this.squares)) {
			const piece = this.pieces[name];
			const shown = cell.querySelector(".piece");
			if (!piece && shown) {
				shown.remove();
			} else if (piece && (!shown || shown.dataset.piece !== piece)) {
				if (shown) {
					shown.remove();
				}
				cell.appendChild(pieceSVG(piece));
			}
			cell.classList.toggle("last", !!this.lastMove && (this.lastMove.slice(0, 2) === name || this.lastMove.slice(2, 4) === name));
			cell.classList.toggle("check", this.checkSquare === name);
			cell.classList.toggle("selected", this.selected === name);
			cell.classList.toggle("target", targets.includes(name));
			cell.classList.toggle("capture", targets.includes(name) && !!piece);
			cell.classList.toggle("movable", this.legal.some((m) => m.startsWith(name)));
		}
		this.renderArrows();
	}

	// targetsFrom lists the squares the piece on from can be moved to,
	// the castling rook's square among them (a king dropped on its own
	// rook castles, as on lichess).
	targetsFrom(from) {
		const out = [];
		for (const m of this.legal) {
			if (!m.startsWith(from)) {
				continue;
			}
			out.push(m.slice(2, 4));
			const rook = this.castlingRook(m);
			if (rook) {
				out.push(rook);
			}
		}
		return out;
	}

	// castlingRook names the rook's square of a castling move (e1g1: h1).
	castlingRook(m) {
		const piece = this.pieces[m.slice(0, 2)];
		if (!piece || piece.toLowerCase() !== "k" || m[1] !== m[3] || Math.abs(m.charCodeAt(0) - m.charCodeAt(2)) !== 2) {
			return null;
		}
		const rook = (m[2] === "g" ? "h" : "a") + m[1];
		return this.pieces[rook] === (piece === "K" ? "R" : "r") ? rook : null;
	}

	squareAt(x, y) {
		const el = document.elementFromPoint(x, y);
		const cell = el && el.closest(".square");
		return cell && this.element.contains(cell) ? cell.dataset.square : null;
	}

	pointerDown(e) {
		if (e.button !== 0 || !this.promotion.hidden) {
			return;
		}
		const name = this.squareAt(e.clientX, e.clientY);
		if (!name) {
			return;
		}
		e.preventDefault();
		// A click on a target of the selected piece is a move.
		if (this.selected && this.targetsFrom(this.selected).includes(name)) {
			this.tryMove(this.selected, name);
			return;
		}
		if (this.targetsFrom(name).length === 0) {
			this.selected = null;
			this.render();
			return;
		}
		this.selected = name;
		this.render();
		const svg = this.squares[name].querySelector(".piece");
		if (svg) {
			this.drag = { from: name, svg, x: e.clientX, y: e.clientY, moved: false };
			try {
				this.element.setPointerCapture(e.pointerId);
			} catch (err) {
				// a synthetic pointer has nothing to capture
			}
		}
	}

	pointerMove(e) {
		const d = this.drag;
		if (!d) {
			return;
		}
		const dx = e.clientX - d.x;
		const dy = e.clientY - d.y;
		if (!d.moved && Math.hypot(dx, dy) < 4) {
			return; // a click, not yet a drag
		}
		d.moved = true;
		d.svg.classList.add("dragging");
		d.svg.style.transform = `translate(${dx}px, ${dy}px)`;
	}

	pointerUp(e) {
		const d = this.drag;
		if (!d) {
			return;
		}
		this.drag = null;
		d.svg.classList.remove("dragging");
		d.svg.style.transform = "";
		if (!d.moved) {
			return; // selected by the click; the next click moves
		}
		const to = this.squareAt(e.clientX, e.clientY);
		if (to && to !== d.from && this.targetsFrom(d.from).includes(to)) {
			this.tryMove(d.from, to);
		}
	}

	cancelDrag() {
		if (this.drag) {
			this.drag.svg.classList.remove("dragging");
			this.drag.svg.style.transform = "";
			this.drag = null;
		}
	}

	cancelPromotion() {
		this.promotion.hidden = true;
		this.selected = null;
		this.render();
	}

	// tryMove makes the move from-to, asking for the piece of a promotion.
	tryMove(from, to) {
		let moves = this.legal.filter((m) => m.slice(0, 4) === from + to);
		if (moves.length === 0) {
			moves = this.legal.filter((m) => m.startsWith(from) && this.castlingRook(m) === to);
		}
		if (moves.length === 0) {
			return;
		}
		if (moves.length === 1) {
			this.commit(moves[0]);
			return;
		}
		const white = this.pieces[from] === "P";
		this.promotion.textContent = "";
		for (const p of ["q", "r", "b", "n"]) {
			const button = document.createElement("button");
			button.title = PIECE_NAMES[p];
			button.dataset.promotion = p;
			button.appendChild(pieceSVG(white ? p.toUpperCase() : p));
			button.addEventListener("pointerdown", (e) => {
				e.stopPropagation();
				this.promotion.hidden = true;
				this.commit(from + to + p);
			});
			this.promotion.appendChild(button);
		}
		this.promotion.hidden = false;
	}

	// commit shows the move on the board at once (the page's rules answer
	// a moment later and then confirm it), and reports it.
	commit(uci) {
		this.selected = null;
		this.pieces = applyPlacement(this.pieces, uci);
		this.lastMove = uci;
		this.checkSquare = null;
		this.legal = [];
		this.render();
		this.onMove(uci);
	}
}

// applyPlacement moves the pieces of a legal move (castling, en passant
// and promotion included) without other rules: what the board shows until
// the rules' own description of the new position arrives.
export function applyPlacement(pieces, uci) {
	const out = Object.assign({}, pieces);
	const from = uci.slice(0, 2);
	const to = uci.slice(2, 4);
	const piece = out[from];
	if (!piece) {
		return out;
	}
	delete out[from];
	const kind = piece.toLowerCase();
	if (kind === "p" && from[0] !== to[0] && !pieces[to]) {
		delete out[to[0] + from[1]]; // en passant
	}
	if (kind === "k" && Math.abs(from.charCodeAt(0) - to.charCodeAt(0)) === 2) {
		const kingside = to[0] === "g";
		const rookFrom = (kingside ? "h" : "a") + from[1];
		const rookTo = (kingside ? "f" : "d") + from[1];
		out[rookTo] = out[rookFrom];
		delete out[rookFrom];
	}
	out[to] = uci.length === 5 ? (piece === "P" ? uci[4].toUpperCase() : uci[4]) : piece;
	return out;
}

// parsePlacement reads the first field of a FEN into square -> piece.
export function parsePlacement(fen) {
	const pieces = {};
	const rows = fen.split(" ")[0].split("/");
	rows.forEach((row, i) => {
		let file = 0;
		for (const ch of row) {
			if (ch >= "1" && ch <= "8") {
				file += Number(ch);
			} else {
				pieces[FILES[file] + (8 - i)] = ch;
				file++;
			}
		}
	});
	return pieces;
}
