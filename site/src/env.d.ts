// Types of Astro's virtual modules (astro:middleware, ...) without the generated .astro/ folder, which a fresh
// clone does not have until the first build.
/// <reference types="astro/client" />
