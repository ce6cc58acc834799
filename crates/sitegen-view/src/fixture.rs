//! The web tests' data (`web/src/testing/content-fixture.gen.ts`): the views of the
//! valid content fixture as a TypeScript module typed with the generated contract, so
//! `tsc` checks it too.

use std::collections::BTreeSet;

use serde_json::Value;
use sitegen_content::{Content, PolicyKind, RegistrationType};

/// Where [`web_fixture`]'s text is committed, relative to the repository root.
pub const WEB_FIXTURE_FILE: &str = "web/src/testing/content-fixture.gen.ts";

/// The constants of the module and the contract types they name.
#[derive(Default)]
struct Module {
    types: BTreeSet<&'static str>,
    text: String,
}

impl Module {
    /// `export const NAME: TYPE = JSON;`, the JSON as it is written (keys sorted).
    fn constant(&mut self, doc: &str, name: &str, ty: &'static str, json: Value) {
        self.types.insert(ty);
        let json = serde_json::to_string_pretty(&json).unwrap_or_default();
        self.text.push_str(&format!(
            "\n/** {doc} */\nexport const {name}: {ty} = {json};\n"
        ));
    }

    /// A map of views: `export const NAME = { KEY: JSON, … } satisfies Record<string, TYPE>;`,
    /// so each key keeps its own entry's type.
    fn constants(
        &mut self,
        doc: &str,
        name: &str,
        ty: &'static str,
        entries: Vec<(String, Value)>,
    ) {
        self.types.insert(ty);
        let map: serde_json::Map<String, Value> = entries.into_iter().collect();
        let json = serde_json::to_string_pretty(&Value::Object(map)).unwrap_or_default();
        self.text.push_str(&format!(
            "\n/** {doc} */\nexport const {name} = {json} satisfies Record<string, {ty}>;\n"
        ));
    }
}

/// The views of `c` (the valid content fixture, `crates/sitegen-content/tests/fixtures/valid`),
/// as [`WEB_FIXTURE_FILE`] holds them.
pub fn web_fixture(c: &Content) -> String {
    let mut module = Module::default();
    module.constant(
        "The layout (`/assets/layout.{hash}.json`).",
        "layout",
        "Layout",
        crate::layout(c).into(),
    );
    module.constant(
        "The block routes' data.",
        "home",
        "Home",
        crate::home(c).into(),
    );
    module.constant(
        "`/`.",
        "homePage",
        "HomePageData",
        crate::home_page(c).into(),
    );
    module.constant(
        "`/products`.",
        "productsPage",
        "ProductsPageData",
        crate::products_page(c).into(),
    );
    module.constants(
        "`/products/category/{id}`, by category id.",
        "categoryPages",
        "ProductsPageData",
        c.categories
            .iter()
            .map(|category| {
                (
                    category.id().to_string(),
                    crate::category_page(c, category).into(),
                )
            })
            .collect(),
    );
    module.constants(
        "`/products/{id}/{slug}`, by product id.",
        "productPages",
        "ProductPageData",
        c.products
            .iter()
            .map(|product| {
                (
                    product.id().to_string(),
                    crate::product_page(c, product).into(),
                )
            })
            .collect(),
    );
    module.constant(
        "`/services`.",
        "servicesPage",
        "ServicesPageData",
        crate::services_page(c).into(),
    );
    module.constants(
        "`/services/{id}`, by service id.",
        "servicePages",
        "ServiceEntry",
        c.services
            .iter()
            .map(|service| {
                (
                    service.id().to_string(),
                    crate::service_page(c, service).into(),
                )
            })
            .collect(),
    );
    module.constant(
        "`/certificate`.",
        "certificatesPage",
        "CertificatesPageData",
        crate::certificates_page(c).into(),
    );
    module.constant(
        "`/railway-registration`.",
        "railwayPage",
        "RailwayPageData",
        crate::railway_page(c).into(),
    );
    module.constants(
        "`/railway-registration/{type}`, by type.",
        "registrationsPages",
        "RegistrationsPageData",
        RegistrationType::ALL
            .iter()
            .map(|kind| {
                (
                    kind.as_str().to_string(),
                    crate::registrations_page(c, *kind).into(),
                )
            })
            .collect(),
    );
    module.constant("`/aboutUs`.", "about", "About", crate::about(c).into());
    module.constants(
        "The legal pages, by policies/*.toml file stem.",
        "policies",
        "Policy",
        PolicyKind::ALL
            .iter()
            .map(|kind| (kind.file_stem().to_string(), crate::policy(c, *kind).into()))
            .collect(),
    );
    module.constant(
        "`/timeline`.",
        "timeline",
        "Timeline",
        crate::timeline(c).into(),
    );
    let imports: Vec<String> = module.types.iter().map(|ty| format!("  {ty},\n")).collect();
    format!(
        "// Generated by `sitegen gen` from the valid content fixture\n\
         // (crates/sitegen-content/tests/fixtures/valid): do not edit.\n\
         import type {{\n{}}} from '../content/contract.gen';\n{}",
        imports.concat(),
        module.text
    )
}
