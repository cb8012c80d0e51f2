import { useEffect, useRef, useState } from 'react';
import type { Audio } from '../../api/types.ts';

/**
 * A question's sound (SPEC §2): never autoplays (`preload="none"`, played only from the button), and
 * stops when the reader leaves the question (this component unmounts with its question).
 */
export function QuestionAudio({ audio }: { audio: Audio }) {
  const ref = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = ref.current;
    return () => {
      if (!element) return;
      element.pause();
      element.currentTime = 0;
    };
  }, []);

  const toggle = () => {
    const element = ref.current;
    if (!element) return;
    if (element.paused) {
      element.play().catch(() => setPlaying(false));
    } else {
      element.pause();
    }
  };

  return (
    <div className="quiz-audio mt-5 flex items-center justify-center gap-3">
      {/* biome-ignore lint/a11y/useMediaCaption: short instrumental jingles without speech */}
      <audio
        ref={ref}
        src={audio.url}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      <button type="button" className="button-outline" onClick={toggle}>
        {playing ? 'Mettre en pause' : "Écouter l'extrait"}
      </button>
      <span className="text-sm text-encre/75">{Math.round(audio.durationSeconds)} s</span>
    </div>
  );
}
