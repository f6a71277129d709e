// SQL handling of SQL Lab: tokenizing, splitting, classifying, row limits, templating, formatting, CTAS.

export {
  classifyStatement,
  describeStatement,
  isLastStatementSelect,
  isMutating,
  isSingleSelect,
  type StatementInfo,
  type StatementKind,
} from './classify.js';
export { buildCtas, type CtasMethod, type CtasRequest, INVALID_CTAS_MESSAGE, INVALID_CVAS_MESSAGE } from './ctas.js';
export {
  dialectFacts,
  escapeStringBody,
  limitClause,
  quoteIdentifier,
  quoteStringLiteral,
  type SqlDialectFacts,
} from './dialect-facts.js';
export { formatSql } from './format.js';
export {
  type ApplyLimitOptions,
  applyLimit,
  dropdownRowLimit,
  effectiveLimit,
  getQueryLimit,
  type LimitingFactor,
  type LimitResult,
  limitingFactor,
  planRowLimit,
  type RowLimitPlan,
  type RowLimitSettings,
  showPlannedLimit,
} from './limit.js';
export { type SqlStatement, splitStatements } from './split-statements.js';
export {
  hasTemplateSyntax,
  parseTemplateParams,
  type RenderedTemplate,
  type RenderLimits,
  renderTemplate,
  renderTemplateDetailed,
  type TemplateContext,
  type TemplateFilter,
  type TemplateUser,
} from './template.js';
export { assertCleanSqlText } from './text-guard.js';
export { findUnterminated, isWord, significantTokens, type Token, type TokenType, tokenize } from './tokenize.js';
