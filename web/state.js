// state.js: everything the page holds, in one place. The other modules
// keep no state of their own at the top level: they read and change this
// object, so that what the page knows can be found (and shown to the
// browser test, main.js) in one declaration.
import { Engine } from "./engine.js";
import { Rules } from "./rules.js";
import { START_FEN } from "./rules.js";

export const WORKER = "matador.worker.js";

export const state = {
	// The two copies of the engine: one searches (plays, analyses,
	// reviews), the other answers questions about positions (rules.js).
	engine: new Engine(WORKER + "?progress=1"),
	rules: new Rules(WORKER),
	board: null, // the Board (board.js), made by main.js

	// The game is a tree of moves (game.js), as in PGN: a move played
	// from an earlier position (in Analyse, after stepping back) starts a
	// variation there, the line that was there kept; the position's own
	// next move is just a step forward. Each node: { id, uci, san, pos,
	// parent, children (the first the line's continuation), nags, before
	// and comment (a PGN's), review ({ score, best } from "Analyse this
	// game") }. The root has no move and holds the start position.
	game: {
		startFEN: START_FEN,
		tags: {}, // PGN tags of a loaded game, kept and written out again
		root: null,
		byId: new Map(), // the nodes by id, for the move list's clicks
		line: [], // the line shown: the root, then a node per move
		treeVersion: 0, // changes with the tree or its review: the move list is drawn again
		mainResult: null, // { result, reason } of the main line when not the rules' (a PGN's, a resignation)
		// The line's moves (UCI), positions (Rules.position of the start
		// and after each move), SAN and review scores, from game.line.
		moves: [],
		positions: [],
		sans: [],
		result: "*",
		resultText: "",
		reason: "", // checkmate, stalemate, repetition, ..., time, resignation, agreement
		// version changes whenever the game or its line is replaced (new
		// game, another line chosen, take back, a loaded FEN or PGN, a
		// resignation): a move computed for an older version, by the engine
		// or by Rules, is then dropped rather than added to the new game.
		version: 0,
		review: [], // per position: { score, best } from "Analyse this game", as far as it goes
	},
	pgnGames: null, // the games of the last PGN text of several, to choose from
	gamesStarted: 0, // read by the browser test, to tell a new game from the last

	view: "board", // board (Play, Analyse, Matador vs Matador) or techniques (explorer.js)
	cursor: 0, // the position shown: game.positions[cursor]
	mode: "white", // white, black (the user's colour), analyse, watch
	busy: false, // a move is being made: the board takes none meanwhile
	restoring: false, // the game of the last visit is being read (saved.js): the board takes no move
	saved: { key: "", timer: 0 }, // what the last save was of, and the save to come (saved.js)
	pgnEdited: false, // the PGN box holds the user's text: not overwritten

	// The clocks (clock.js): on, the time control, each side's time left
	// in ms, whose runs and since when, and whose waits while the
	// Techniques tab is open (paused).
	clock: { on: false, base: 0, inc: 0, w: 0, b: 0, running: null, since: 0, paused: null },

	// The engine's current search (search.js): its info lines go to
	// onInfo, its bestmove resolves done. One at a time: a new one starts
	// only after the bestmove of the last.
	search: null,
	endedOn: "", // the task (mode, game, ply) the engine last ended on (search.js)
	// The analysis in Analyse runs while the engine switch is on.
	analysisOn: localStorage.getItem("matador.engine") !== "off",
	engineReady: false, // the engine has answered "uci": searches may start
	loading: { loaded: 0, total: 0 }, // the engine's module downloaded so far, in bytes
	// refresh (search.js) serves its calls in order: the newest token
	// wins, the queue is the last call's promise.
	refreshToken: 0,
	refreshQueue: Promise.resolve(),
	waitRest: null, // the wait that makes a quick reply take the time a move
	reviewing: false, // "Analyse this game" has the engine (review.js)
	reviewRun: 0, // the review under way: a stopped one writes no score

	// The analysis of the position shown (analysis.js): the newest line
	// of each rank, the lines shown (in SAN), which ranks are being
	// written in SAN, the depth, nodes and speed, and the position's id.
	analysis: { lines: [], shown: [], converting: [], depth: 0, nodes: 0, nps: 0, view: "" },
	renderPending: false, // an analysis render is scheduled

	// The Techniques tab (explorer.js): its data (techniques-data.js,
	// null until loaded), the technique, position, limit and evaluation
	// chosen (the evaluation for search switches: an evaluation switch
	// always plays the classical one), and the two searches, the engine as
	// it plays and the engine with the technique flipped, each { engine,
	// label, options, fen, iterations, final, notes, running }.
	explorer: {
		data: null,
		technique: "",
		position: "",
		limit: "depth 12",
		evaluation: "net",
		running: false,
		stopped: false, // Stop, or the tab left, during the run: a side not yet searching does not start
		runs: 0, // searches finished, read by the browser test
		sides: [],
		built: false, // the tab has been drawn once
		board: null, // the diagram of the position searched (a Board)
		renderQueued: false, // a redraw of the searches is scheduled
	},

	errors: [], // shown to the user, and read by the browser test
	stats: { sounds: 0, lastGo: "", searches: 0, lastThinkMs: 0, engineScore: null },
	audio: null, // the AudioContext of the move sounds, made at the first sound
};
