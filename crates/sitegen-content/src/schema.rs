//! JSON Schemas of the content files, for editors.

use schemars::JsonSchema;
use serde_json::Value;

use crate::files::{content_file, FileSchema, CONTENT_FILES};
use crate::model::{
    About, CatalogueFile, CertificatesFile, Home, Navigation, PagesFile, Policy, ProductsFile,
    ServicesFile, Site, Synonyms, Timeline,
};

fn schema_of<T: JsonSchema>(title: &str) -> Value {
    let mut schema = schemars::SchemaGenerator::default().into_root_schema_for::<T>();
    schema.insert("title".into(), Value::String(title.into()));
    let mut value = schema.to_value();
    drop_null(&mut value);
    value
}

/// The schema of `file`'s type, titled `title`.
fn schema_json(file: FileSchema, title: &str) -> Value {
    match file {
        FileSchema::Site => schema_of::<Site>(title),
        FileSchema::Navigation => schema_of::<Navigation>(title),
        FileSchema::Catalogue => schema_of::<CatalogueFile>(title),
        FileSchema::Products => schema_of::<ProductsFile>(title),
        FileSchema::Services => schema_of::<ServicesFile>(title),
        FileSchema::Home => schema_of::<Home>(title),
        FileSchema::About => schema_of::<About>(title),
        FileSchema::Certificates => schema_of::<CertificatesFile>(title),
        FileSchema::Policy => schema_of::<Policy>(title),
        FileSchema::Timeline => schema_of::<Timeline>(title),
        FileSchema::Pages => schema_of::<PagesFile>(title),
        FileSchema::Synonyms => schema_of::<Synonyms>(title),
    }
}

/// TOML has no null: an optional key is simply absent, so `Option`'s null
/// alternative is removed from the schemas.
fn drop_null(value: &mut Value) {
    match value {
        Value::Object(object) => {
            if let Some(Value::Array(types)) = object.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let only = types.remove(0);
                    object.insert("type".into(), only);
                }
            }
            if let Some(Value::Array(values)) = object.get_mut("enum") {
                values.retain(|v| !v.is_null());
            }
            if let Some(Value::Array(alternatives)) = object.get_mut("anyOf") {
                alternatives.retain(|a| a.get("type").and_then(Value::as_str) != Some("null"));
                if alternatives.len() == 1 {
                    let only = alternatives.remove(0);
                    object.remove("anyOf");
                    if let Value::Object(fields) = only {
                        object.extend(fields);
                    }
                }
            }
            object.values_mut().for_each(drop_null);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_null),
        _ => {}
    }
}

/// The JSON Schema of each content file: `(file name, schema)`, e.g.
/// `("products.schema.json", {...})`. The policy schema serves all four
/// `policies/*.toml` files.
pub fn schemas() -> Vec<(&'static str, Value)> {
    let mut seen: Vec<FileSchema> = Vec::new();
    for file in CONTENT_FILES {
        if !seen.contains(&file.schema) {
            seen.push(file.schema);
        }
    }
    seen.into_iter()
        .map(|schema| {
            (
                schema.file_name(),
                schema_json(schema, &schema.applies_to()),
            )
        })
        .collect()
}

/// The schema files as written to disk (`sitegen schema`): `(file name, text)`, the
/// text being the pretty-printed schema with a final newline. The committed
/// `schemas/` folder must equal this, byte for byte.
pub fn schema_files() -> Vec<(&'static str, String)> {
    schemas()
        .into_iter()
        .map(|(name, schema)| {
            // Serialising a `Value` cannot fail.
            let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
            text.push('\n');
            (name, text)
        })
        .collect()
}

/// The schema file a content file (path relative to `content/`, with `/`) is
/// checked against, e.g. `policies/terms.toml` → `policy.schema.json`.
pub fn schema_for(path: &str) -> Option<&'static str> {
    content_file(path).map(|file| file.schema.file_name())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_content_file_has_a_schema_rejecting_unknown_keys() {
        let all = schemas();
        assert_eq!(all.len(), 12);
        for (name, schema) in &all {
            assert!(name.ends_with(".schema.json"));
            assert_eq!(schema["additionalProperties"], Value::Bool(false), "{name}");
            let text = schema.to_string();
            assert!(
                !text.contains("\"null\"") && !text.contains("null]") && !text.contains("null,"),
                "{name}"
            );
        }
        let products = &all[3].1;
        let required = &products["$defs"]["Product"]["required"];
        assert!(required
            .as_array()
            .is_some_and(|r| r.contains(&Value::String("category".into()))));
        let registration = &all[7].1["$defs"]["Registration"]["properties"];
        assert!(
            registration.get("type").is_some(),
            "the `type` key keeps its TOML name"
        );
    }

    #[test]
    fn each_content_file_maps_to_its_schema_and_policies_share_one() {
        assert_eq!(schema_for("site.toml"), Some("site.schema.json"));
        assert_eq!(schema_for("products.toml"), Some("products.schema.json"));
        assert_eq!(
            schema_for("policies/terms.toml"),
            Some("policy.schema.json")
        );
        assert_eq!(schema_for("README.md"), None);
        assert_eq!(schema_for("unknown.toml"), None);
    }

    #[test]
    fn schema_files_are_pretty_json_ending_in_a_newline() {
        for (name, text) in schema_files() {
            assert!(text.ends_with("}\n"), "{name}");
            let parsed: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(parsed["additionalProperties"], Value::Bool(false), "{name}");
        }
    }

    #[test]
    fn each_table_of_a_file_is_a_key_of_its_schema() {
        for file in CONTENT_FILES {
            let schema = schema_json(file.schema, file.path);
            for table in file.tables {
                assert!(
                    schema["properties"].get(*table).is_some(),
                    "{} has no [[{table}]] in its schema",
                    file.path
                );
            }
        }
    }
}
