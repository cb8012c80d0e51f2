import { describe, expect, it } from 'vitest';
import { forgetProgress, readProgress, saveProgress } from './quizProgressStore.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('quiz progress in session storage', () => {
  it('saves, reads back and forgets one entry per quiz', () => {
    const storage = memoryStorage();
    saveProgress(storage, 'quiz-a', { index: 2, answers: [11, 21] });
    saveProgress(storage, 'quiz-b', { index: 1, answers: [5] });
    expect(readProgress(storage, 'quiz-a')).toEqual({ index: 2, answers: [11, 21] });
    forgetProgress(storage, 'quiz-a');
    expect(readProgress(storage, 'quiz-a')).toBeNull();
    expect(readProgress(storage, 'quiz-b')).toEqual({ index: 1, answers: [5] });
  });

  it('ignores garbage and failing storage instead of throwing', () => {
    const storage = memoryStorage();
    for (const raw of ['{', 'null', '42', '{"index":"1","answers":[]}', '{"index":1,"answers":["x"]}', '{"index":1}']) {
      storage.items.set('piquante:quiz:q', raw);
      expect(readProgress(storage, 'q'), raw).toBeNull();
    }
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readProgress(broken, 'q')).toBeNull();
    expect(() => saveProgress(broken, 'q', { index: 0, answers: [1] })).not.toThrow();
    expect(() => forgetProgress(broken, 'q')).not.toThrow();
  });
});
