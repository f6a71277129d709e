// Request schemas of /api/v1/css_template/, with Superset's field names and messages.
import { z } from 'zod';
import { CSS_TEMPLATE_LIST_COLUMNS } from '../../store/css-templates.js';
import { safeCssText } from '../dashboard/schemas.js';

const between = 'Length must be between 1 and 250.';

export const cssTemplateCreateBody = z.object({
  template_name: z.string().min(1, between).max(250, between),
  // A template becomes a dashboard's CSS, so it obeys the same rule: nothing loaded from another host.
  css: safeCssText,
});
export const cssTemplateUpdateBody = cssTemplateCreateBody.partial();

export const CSS_TEMPLATE_FILTER_COLUMNS = ['id', 'template_name', 'css', 'created_by', 'changed_by'];
export const CSS_TEMPLATE_ORDER_COLUMNS = Object.keys(CSS_TEMPLATE_LIST_COLUMNS);
