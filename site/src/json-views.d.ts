// The JSON views made by vite.config.ts (jsonViews): smaller modules of
// the project's JSON files for the browser's first JavaScript.

declare module '*rates.json?summary' {
  /** The partner insurers' names, in the file's order. */
  export const insurerNames: string[];
  /** The products studied by an adviser: their label and why they are not priced at once. */
  export const onStudy: Record<string, { label: string; reason: string } | undefined>;
}

declare module '*company.json?brand' {
  export const name: string;
  export const phone: string;
  export const phoneInternational: string;
  export const email: string;
}

declare module '*routes.json?client' {
  /** The not-found page's title. */
  export const notFound: { title: string };
  /** The routes of site/routes.json, without their descriptions. */
  export const routes: { path: string; page: string; title: string; product?: string; protected?: boolean }[];
}

declare module '*routes.json?descriptions' {
  /** The not-found page's description. */
  export const notFound: string;
  /** Each route's description, by path. */
  export const byPath: Record<string, string>;
}

declare module '*company.json?profile' {
  /** The company profile without the home's advantages and the about page's team. */
  const profile: Omit<typeof import('../../pkg/company/company.json'), 'advantages' | 'team'>;
  export default profile;
}

declare module '*company.json?advantages' {
  export const advantages: (typeof import('../../pkg/company/company.json'))['advantages'];
}

declare module '*company.json?team' {
  export const team: (typeof import('../../pkg/company/company.json'))['team'];
}

declare module '*rates.json?site' {
  export const version: string;
  export const validDays: number;
  export const disclaimer: string;
  export const insurers: { id: string; name: string }[];
}

declare module '*rates.json?departments' {
  /** The departments' codes ("01"…"2A"…"976"). */
  export const departmentCodes: string[];
}

declare module '*rates.json?ipid' {
  export const ipidSections: Record<string, string>;
}

declare module '*products.json?price' {
  /** The products priced at once, in the site's order (pkg/pricing/products.json, from the Go specs). */
  export const priceProductIds: string[];
  /** Each product's form (its journey's questions), loaded with its journey. */
  export const formViews: Record<string, () => Promise<{ form: unknown }>>;
  /** Each product's needs, formulas and IPID. */
  export const coverViews: Record<string, () => Promise<{ cover: unknown }>>;
  /** The questions of a vehicle not in the catalogue, for the products that insure a vehicle. */
  export const describeViews: Record<string, () => Promise<{ describe: unknown }>>;
}

declare module '*products.json?contracts' {
  /** The products whose contract insures a vehicle: a registration is asked. */
  export const vehicleIds: string[];
  /** The products whose client may switch insurer under the loi Hamon. */
  export const hamonIds: string[];
  /** The products that may start on the day they are signed (temporary). */
  export const sameDayIds: string[];
}

// One product priced at once, without its premiums, factors and taxes
// (typed as features/prices/rates.ts reads it): its form, then its cover.
// The site loads them through products.json?price's loaders; the tests
// import them by name.
declare module '*rates.json?price-car' { export const form: unknown; }
declare module '*rates.json?price-moto' { export const form: unknown; }
declare module '*rates.json?price-home' { export const form: unknown; }
declare module '*rates.json?price-vtc' { export const form: unknown; }
declare module '*rates.json?price-temp' { export const form: unknown; }
declare module '*rates.json?cover-car' { export const cover: unknown; }
declare module '*rates.json?cover-moto' { export const cover: unknown; }
declare module '*rates.json?cover-home' { export const cover: unknown; }
declare module '*rates.json?cover-vtc' { export const cover: unknown; }
declare module '*rates.json?cover-temp' { export const cover: unknown; }
// The questions and rules of a vehicle not in the catalogue (features/prices/describe-vehicle.tsx).
declare module '*rates.json?describe-car' { export const describe: unknown; }
declare module '*rates.json?describe-moto' { export const describe: unknown; }
declare module '*rates.json?describe-vtc' { export const describe: unknown; }
declare module '*rates.json?describe-temp' { export const describe: unknown; }
