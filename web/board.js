// board.js: the chessboard of the page, drawn with HTML and CSS, moved by
// click or drag. It knows no rules: the page tells it which moves are
// legal (from the engine's own move generator, rules.js) and what is on
// each square, and it reports the move a person makes.
"use strict";

// Pieces are the chess symbols of Unicode in their filled form for both
// sides, coloured by CSS: fonts draw the filled shapes more alike than the
// outlined ones. U+FE0E asks for the text form where a system would draw
// the pawn as an emoji.
const PIECE_GLYPHS = { k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F\uFE0E" };
const PIECE_NAMES = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };
const FILES = "abcdefgh";

class Board {
	// options.onMove(uciMove) is called with a legal move the user made.
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
		this.promotion = document.createElement("div");
		this.promotion.className = "promotion";
		this.promotion.hidden = true;
		this.element.appendChild(this.promotion);
		this.element.addEventListener("pointerdown", (e) => this.pointerDown(e));
		this.element.addEventListener("pointermove", (e) => this.pointerMove(e));
		this.element.addEventListener("pointerup", (e) => this.pointerUp(e));
		this.element.addEventListener("pointercancel", () => this.cancelDrag());
		this.element.addEventListener("contextmenu", (e) => e.preventDefault());
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
		this.selected = null;
		this.promotion.hidden = true;
		this.render();
	}

	setFlipped(flipped) {
		this.flipped = flipped;
		this.layout();
		this.render();
	}

	render() {
		const targets = this.selected ? this.targetsFrom(this.selected) : [];
		for (const [name, cell] of Object.entries(this.squares)) {
			const piece = this.pieces[name];
			cell.textContent = "";
			if (piece) {
				const span = document.createElement("span");
				const white = piece === piece.toUpperCase();
				span.className = "piece " + (white ? "white" : "black");
				span.textContent = PIECE_GLYPHS[piece.toLowerCase()];
				span.title = (white ? "white " : "black ") + PIECE_NAMES[piece.toLowerCase()];
				cell.appendChild(span);
			}
			cell.classList.toggle("last", !!this.lastMove && (this.lastMove.slice(0, 2) === name || this.lastMove.slice(2, 4) === name));
			cell.classList.toggle("check", this.checkSquare === name);
			cell.classList.toggle("selected", this.selected === name);
			cell.classList.toggle("target", targets.includes(name));
			cell.classList.toggle("movable", this.legal.some((m) => m.startsWith(name)));
		}
	}

	targetsFrom(from) {
		return this.legal.filter((m) => m.startsWith(from)).map((m) => m.slice(2, 4));
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
		const span = this.squares[name].querySelector(".piece");
		if (span) {
			this.drag = { from: name, span, x: e.clientX, y: e.clientY, moved: false };
			this.element.setPointerCapture(e.pointerId);
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
		d.span.classList.add("dragging");
		d.span.style.transform = `translate(${dx}px, ${dy}px)`;
	}

	pointerUp(e) {
		const d = this.drag;
		if (!d) {
			return;
		}
		this.drag = null;
		d.span.classList.remove("dragging");
		d.span.style.transform = "";
		if (!d.moved) {
			return; // selected by the click; the next click moves
		}
		const to = this.squareAt(e.clientX, e.clientY);
		if (to && this.targetsFrom(d.from).includes(to)) {
			this.tryMove(d.from, to);
		}
	}

	cancelDrag() {
		if (this.drag) {
			this.drag.span.classList.remove("dragging");
			this.drag.span.style.transform = "";
			this.drag = null;
		}
	}

	// tryMove makes the move from-to, asking for the piece of a promotion.
	tryMove(from, to) {
		const moves = this.legal.filter((m) => m.slice(0, 4) === from + to);
		if (moves.length === 0) {
			return;
		}
		if (moves.length === 1) {
			this.selected = null;
			this.onMove(moves[0]);
			return;
		}
		const white = this.pieces[from] === "P";
		this.promotion.textContent = "";
		for (const p of ["q", "r", "b", "n"]) {
			const button = document.createElement("button");
			button.className = "piece " + (white ? "white" : "black");
			button.textContent = PIECE_GLYPHS[p];
			button.title = PIECE_NAMES[p];
			button.dataset.promotion = p;
			button.addEventListener("pointerdown", (e) => {
				e.stopPropagation();
				this.promotion.hidden = true;
				this.selected = null;
				this.onMove(from + to + p);
			});
			this.promotion.appendChild(button);
		}
		this.promotion.hidden = false;
	}
}

// parsePlacement reads the first field of a FEN into square -> piece.
function parsePlacement(fen) {
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
