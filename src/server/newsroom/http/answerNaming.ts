/**
 * The shared answer of a newsroom write (newsroomHttp.ts), with a conflict that names the item ("ce
 * générateur", "cette citation") where the shared one speaks of an article.
 */
import { json } from '../../http/responses.ts';
import type { NewsroomResult } from '../newsroomResult.ts';
import { answer, noStore } from './newsroomHttp.ts';

export function answerNaming(thisItem: string) {
  return <T>(result: NewsroomResult<T>, how: Parameters<typeof answer<T>>[1]): Promise<Response> | Response => {
    if (result.ok || result.kind !== 'conflict') return answer(result, how);
    const who = result.changedBy ?? 'Le programmateur';
    const at = result.changedAt.toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });
    return json(
      {
        error: 'conflict',
        message: `${who} a modifié ${thisItem} à ${at} (version ${result.currentVersion}) : rechargez la page avant d'enregistrer, rien n'a été écrasé.`,
        currentVersion: result.currentVersion,
        changedBy: result.changedBy,
        changedAt: result.changedAt.toISOString(),
      },
      { status: 409, ...noStore },
    );
  };
}
