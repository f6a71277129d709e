// What chart requests carry once validated (Superset's ChartPostSchema and ChartPutSchema, plus the fork's links).
type Maybe<T> = T | null | undefined;

export interface ChartInput {
  slice_name?: string | undefined;
  viz_type?: Maybe<string>;
  datasource_id?: number | undefined;
  datasource_type?: string | undefined;
  /** JSON object text: the chart's form data. */
  params?: Maybe<string>;
  /** JSON object text: the chart data request the chart last ran. */
  query_context?: Maybe<string>;
  description?: Maybe<string>;
  cache_timeout?: Maybe<number>;
  certified_by?: Maybe<string>;
  certification_details?: Maybe<string>;
  owners?: number[] | undefined;
  dashboards?: number[] | undefined;
  saved_measures?: number[] | undefined;
  saved_cols?: number[] | undefined;
  saved_cohorts?: number[] | undefined;
}

export type ChartCreateInput = ChartInput & { slice_name: string; datasource_id: number; datasource_type: string };
