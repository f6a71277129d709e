// The app's routes; every page is loaded lazily so each URL downloads only what it shows.
import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import AppLayout from './components/layout/AppLayout';
import RouteError from './components/RouteError';
import { HOME_PATH } from './session/safe-next';

const LoginPage = lazy(() => import('./login/LoginPage'));
const SqlLabPage = lazy(() => import('./sqllab/SqlLabPage'));
const SavedQueryListPage = lazy(() => import('./sqllab/SavedQueryListPage'));
const QueryHistoryPage = lazy(() => import('./sqllab/QueryHistoryPage'));
const ChartListPage = lazy(() => import('./lists/ChartListPage'));
const ExplorePage = lazy(() => import('./explore/ExplorePage'));
const DashboardListPage = lazy(() => import('./lists/DashboardListPage'));
const DashboardRoute = lazy(() => import('./dashboard/DashboardRoute'));
const DatasetListPage = lazy(() => import('./lists/DatasetListPage'));
const DatabaseListPage = lazy(() => import('./databases/DatabaseListPage'));
const UserListPage = lazy(() => import('./settings/users/UserListPage'));
const RoleListPage = lazy(() => import('./settings/roles/RoleListPage'));
const AnnotationLayerListPage = lazy(() => import('./annotation-layers/AnnotationLayerListPage'));
const AnnotationListPage = lazy(() => import('./annotation-layers/AnnotationListPage'));
const CssTemplateListPage = lazy(() => import('./css-templates/CssTemplateListPage'));
const AlertReportListPage = lazy(() => import('./reports/AlertReportListPage'));
const ExecutionLogPage = lazy(() => import('./reports/ExecutionLogPage'));
const RlsRuleListPage = lazy(() => import('./row-level-security/RlsRuleListPage'));
const TagsListPage = lazy(() => import('./tags/TagsListPage'));
const AllEntitiesPage = lazy(() => import('./tags/AllEntitiesPage'));
const EmbeddedDashboard = lazy(() => import('./embedded/EmbeddedDashboard'));
const NotFoundPage = lazy(() => import('./not-found/NotFoundPage'));
const HomePage = lazy(() => import('./home/HomePage'));
const UserInfoPage = lazy(() => import('./profile/UserInfoPage'));
// The SQL Lab component gallery exists only under the Vite dev server; the build drops it.
const SqlLabGallery = import.meta.env.DEV ? lazy(() => import('./sqllab/components/SqlLabGallery')) : null;
// The chart gallery likewise: every viz type on sample data, for looking at charts during development.
const ChartGallery = import.meta.env.DEV ? lazy(() => import('./charts/ChartGallery')) : null;

/** Every route gets the error element, so a failed chunk replaces only its own page (the shell stays). */
function withErrorElement(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    errorElement: <RouteError />,
    ...(route.children ? { children: withErrorElement(route.children) } : {}),
  })) as RouteObject[];
}

export function createAppRouter() {
  return createBrowserRouter(
    withErrorElement([
      { path: '/login/', element: <LoginPage /> },
      ...(SqlLabGallery ? [{ path: '/sqllab/gallery/', element: <SqlLabGallery /> }] : []),
      ...(ChartGallery ? [{ path: '/chart/gallery/', element: <ChartGallery /> }] : []),
      // The dashboard draws its own shell: its display modes can hide the navigation.
      { path: '/nezha/dashboard/p/:key/', element: <DashboardRoute /> },
      { path: '/nezha/dashboard/:idOrSlug/', element: <DashboardRoute /> },
      // An embedded dashboard's guest: the dashboard alone, reached through the embedding SDK (embedded/EmbeddedApp).
      { path: '/embedded/:uuid', element: <EmbeddedDashboard /> },
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to={HOME_PATH} replace /> },
          { path: HOME_PATH, element: <HomePage /> },
          { path: '/users/userinfo/', element: <UserInfoPage /> },
          { path: '/sqllab/', element: <SqlLabPage /> },
          { path: '/savedqueryview/list/', element: <SavedQueryListPage /> },
          { path: '/sqllab/history/', element: <QueryHistoryPage /> },
          { path: '/chart/list/', element: <ChartListPage /> },
          { path: '/explore/', element: <ExplorePage /> },
          { path: '/explore/p/:key/', element: <ExplorePage /> },
          { path: '/dashboard/list/', element: <DashboardListPage /> },
          { path: '/tablemodelview/list/', element: <DatasetListPage /> },
          { path: '/databaseview/list/', element: <DatabaseListPage /> },
          { path: '/users/list/', element: <UserListPage /> },
          { path: '/roles/list/', element: <RoleListPage /> },
          { path: '/annotationlayer/list/', element: <AnnotationLayerListPage /> },
          { path: '/annotationlayer/:pk/annotation/', element: <AnnotationListPage /> },
          { path: '/csstemplatemodelview/list/', element: <CssTemplateListPage /> },
          // Keyed by type so switching tabs starts each list afresh.
          { path: '/alert/list/', element: <AlertReportListPage key="Alert" type="Alert" /> },
          { path: '/report/list/', element: <AlertReportListPage key="Report" type="Report" /> },
          { path: '/alert/:id/log/', element: <ExecutionLogPage key="Alert" type="Alert" /> },
          { path: '/report/:id/log/', element: <ExecutionLogPage key="Report" type="Report" /> },
          { path: '/rowlevelsecurity/list/', element: <RlsRuleListPage /> },
          // Superset's own paths for the Tags page and a tag's all-entities page.
          { path: '/superset/tags/', element: <TagsListPage /> },
          { path: '/superset/all_entities/', element: <AllEntitiesPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ]),
  );
}
