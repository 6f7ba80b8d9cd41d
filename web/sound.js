// sound.js: the move sounds.
import { state } from "./state.js";
import { $ } from "./ui.js";

// sound plays a short tone for a move (lower for a capture), made here
// with WebAudio: the page carries no sound file.
export function sound(capture) {
	if (!$("sound").checked) {
		return;
	}
	state.stats.sounds++;
	try {
		state.audio = state.audio || new AudioContext();
		const osc = state.audio.createOscillator();
		const gain = state.audio.createGain();
		osc.frequency.value = capture ? 330 : 520;
		gain.gain.setValueAtTime(0.15, state.audio.currentTime);
		gain.gain.exponentialRampToValueAtTime(0.001, state.audio.currentTime + 0.09);
		osc.connect(gain).connect(state.audio.destination);
		osc.start();
		osc.stop(state.audio.currentTime + 0.1);
	} catch (err) {
		// no audio here: silence
	}
}
