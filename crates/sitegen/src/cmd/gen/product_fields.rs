//! The data contract writes a product's fields by hand twice: the `products.toml`
//! example (each key with an example value and what it means) and the TypeScript of a
//! product's page data. Neither can be generated without losing its examples, so
//! `sitegen gen` refuses a contract that leaves out a key of the model or a field of
//! the view, and names each one.

use sitegen_content::Product;

/// The line the contract's `products.toml` example starts with.
const EXAMPLE_START: &str = "[[product]]\n";
/// The first line of the contract's TypeScript of a product, which runs to the end of
/// [`TYPE_PRODUCT`]'s declaration.
const TYPE_SUMMARY: &str = "type ProductSummary = ";
const TYPE_PRODUCT: &str = "type Product = ";

/// What the contract leaves out of a product, each as a sentence saying where to add it;
/// empty when it names every key and field.
pub fn missing_product_fields(contract: &str) -> Vec<String> {
    let mut missing = Vec::new();
    let example = contract
        .find(EXAMPLE_START)
        .map(|start| &contract[start..])
        .map(|rest| rest.split("```").next().unwrap_or(rest));
    match example {
        None => missing.push(format!(
            "the products.toml example: no line {:?}",
            EXAMPLE_START.trim_end()
        )),
        Some(example) => {
            for key in Product::KEYS {
                let named = example
                    .lines()
                    .any(|line| line.trim_start().starts_with(&format!("{key} =")));
                if !named {
                    missing.push(format!(
                        "the products.toml example has no line for the key \"{key}\": add `{key} = …` with what it holds"
                    ));
                }
            }
        }
    }
    let types = contract.find(TYPE_SUMMARY).and_then(|start| {
        let rest = &contract[start..];
        let product = rest.find(TYPE_PRODUCT)?;
        let end = rest[product..].find("};")?;
        Some(&rest[..product + end])
    });
    match types {
        None => missing.push(format!(
            "the TypeScript of a product: no {:?} followed by {:?}",
            TYPE_SUMMARY.trim_end(),
            TYPE_PRODUCT.trim_end()
        )),
        Some(types) => {
            for field in type_fields(&sitegen_view::typescript(), "Product") {
                let named = [":", "?", ";"]
                    .iter()
                    .any(|after| types.contains(&format!("{field}{after}")));
                if !named {
                    missing.push(format!(
                        "the TypeScript of a product has no field \"{field}\": add it to `{}…` or `{}…`",
                        TYPE_SUMMARY.trim_end(),
                        TYPE_PRODUCT.trim_end()
                    ));
                }
            }
        }
    }
    missing
}

/// The field names of the object type `name` in generated TypeScript
/// (`export type NAME = { a: string, b?: number, };`), in their order.
fn type_fields(typescript: &str, name: &str) -> Vec<String> {
    let start = format!("export type {name} = {{");
    let Some(at) = typescript.find(&start) else {
        return Vec::new();
    };
    let body = &typescript[at + start.len()..];
    let body = &body[..body.find("};").unwrap_or(body.len())];
    let mut plain = String::new();
    let mut rest = body;
    while let Some(open) = rest.find("/**") {
        plain.push_str(&rest[..open]);
        rest = rest[open..]
            .find("*/")
            .map_or("", |close| &rest[open + close + 2..]);
    }
    plain.push_str(rest);
    plain
        .split(',')
        .filter_map(|part| part.split([':', '?']).next())
        .map(str::trim)
        .filter(|field| !field.is_empty())
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contract() -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/data-contract.md");
        std::fs::read_to_string(path).expect("the data contract")
    }

    #[test]
    fn the_committed_contract_names_every_field_of_a_product() {
        assert_eq!(missing_product_fields(&contract()), Vec::<String>::new());
    }

    #[test]
    fn a_key_left_out_of_the_example_is_named() {
        let contract = contract().replacen("brochure = ", "brochures = ", 1);
        assert_eq!(
            missing_product_fields(&contract),
            ["the products.toml example has no line for the key \"brochure\": add `brochure = …` with what it holds"]
        );
    }

    #[test]
    fn a_field_left_out_of_the_typescript_is_named() {
        let contract = contract().replacen("categoryName: string;", "", 1);
        let missing = missing_product_fields(&contract);
        assert_eq!(missing.len(), 1, "{missing:?}");
        assert!(
            missing[0].contains("no field \"categoryName\""),
            "{missing:?}"
        );
    }

    #[test]
    fn the_fields_of_a_generated_type_are_read_past_its_comments() {
        let typescript = "export type Product = { id: number,\n/**\n * A, b: c.\n */\nbrand?: string, draft?: true, };";
        assert_eq!(type_fields(typescript, "Product"), ["id", "brand", "draft"]);
    }
}
