/**
 * A soft chord as a mono 16-bit PCM WAV file: the notes enter one after the other (a short arpeggio) and fade out.
 * 11,025 Hz keeps a few seconds well under 200 KB while sounding clean enough for a jingle.
 */
export function wavChord(seconds: number, notes: number[], sampleRate = 11025): Uint8Array {
  const samples = Math.round(seconds * sampleRate);
  const buffer = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, samples * 2, true);

  const step = 0.22; // seconds between note entries
  const gain = 0.5 / Math.max(1, notes.length);
  for (let i = 0; i < samples; i++) {
    const t = i / sampleRate;
    let value = 0;
    notes.forEach((f, k) => {
      const local = t - k * step;
      if (local < 0) return;
      const attack = Math.min(1, local / 0.04);
      const decay = Math.exp(-local / (seconds * 0.45));
      // A quiet octave above gives the tone a bell-like colour instead of a bare sine.
      value += gain * attack * decay * (Math.sin(2 * Math.PI * f * t) + 0.2 * Math.sin(4 * Math.PI * f * t));
    });
    const fadeOut = Math.min(1, (seconds - t) / 0.4);
    const sample = Math.max(-1, Math.min(1, value * fadeOut));
    view.setInt16(44 + i * 2, Math.round(sample * 32767), true);
  }
  return new Uint8Array(buffer);
}
