// The favourite star (spec §4, §7, §8): POST or DELETE /api/v1/chart/{id}/favorites/, toggled only on success.
import { addDangerToast } from '../../../components/toasts/state/message-toasts';
import { t } from '../../../i18n/i18n';
import { starChart, unstarChart } from '../../api/explore-api';
import { exploreActions } from '../explore-slice';
import type { ExploreThunk } from '../index';
import { STAR_FAILED } from '../messages';

export function toggleFavorite(chartId: number, isStarred: boolean): ExploreThunk<Promise<void>> {
  return async (dispatch) => {
    try {
      await (isStarred ? unstarChart(chartId) : starChart(chartId));
      dispatch(exploreActions.starToggled(!isStarred));
    } catch {
      dispatch(addDangerToast(t(STAR_FAILED)));
    }
  };
}
