import { ASSET_MAP_PAGE } from "../content/services/asset-map";
import { servicePage } from "./service-page";

export const assetMapPage = servicePage(ASSET_MAP_PAGE);
