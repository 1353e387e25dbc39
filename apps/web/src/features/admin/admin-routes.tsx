import { Redirect, Route, Switch } from 'wouter';
import { DesignParametersPage } from './design-parameters/design-parameters-page';
import { PropertiesPage } from './properties/properties-page';
import { SitesPage } from './sites/sites-page';
import { NotFoundPage } from '../../app/not-found-page';

/** /admin/sites, /admin/properties and /admin/design-parameters (the router guards the admin role). */
export default function AdminRoutes() {
  return (
    <Switch>
      <Route path="/admin">
        <Redirect to="/admin/sites" replace />
      </Route>
      <Route path="/admin/sites">
        <SitesPage />
      </Route>
      <Route path="/admin/properties">
        <PropertiesPage />
      </Route>
      <Route path="/admin/design-parameters">
        <DesignParametersPage />
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
