import type { RouteOf } from '../../services/routeTypes';
import { withStickyParams } from '../../services/route';
import { readyScreen, type ScreenModule } from '../../services/screen';
import { CodeEntryScreen } from './CodeEntryScreen';
import { findTypedLink } from './findTypedLink';

// A new page load, not a step inside this one: the server frames a checkout by the merchant its code
// opens (docs/api.md), and this page, which opens none, may be framed by any page.
export const codeEntryModule: ScreenModule<RouteOf<'codeEntry'>> = {
  prepare: (_route, services) =>
    readyScreen(() => (
      <CodeEntryScreen find={(code) => findTypedLink(services.api, code)} open={(address) => services.leave(withStickyParams(address, services.address()))} />
    )),
};
