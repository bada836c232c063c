import { createContext, useContext } from "react";
import type { Brand } from "../../src/contracts/brand";
import { DEFAULT_BRAND } from "../../src/contracts/brand-defaults";

const BrandContext = createContext<Brand>(DEFAULT_BRAND);

export const BrandProvider = BrandContext.Provider;
export const useBrand = () => useContext(BrandContext);
