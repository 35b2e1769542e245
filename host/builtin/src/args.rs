//! Tool parameters: one declaration per parameter gives both the closed
//! JSON Schema a client sees and the checks a call's arguments pass.
//!
//! Because the schema and the checks come from the same list, they cannot
//! drift: an argument the schema does not name is refused, a required one
//! that is missing is refused, and a value of the wrong type is refused —
//! each as an `invalidParams` result that names the argument and says what
//! the tool accepts.

use serde_json::{Map, Value, json};

use gs_toolset::ToolError;

/// The JSON type of a parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamType {
    /// A JSON string.
    String,
    /// A JSON boolean.
    Boolean,
    /// An array of strings.
    StringList,
}

impl ParamType {
    fn schema(self) -> Value {
        match self {
            ParamType::String => json!({"type": "string"}),
            ParamType::Boolean => json!({"type": "boolean"}),
            ParamType::StringList => json!({"type": "array", "items": {"type": "string"}}),
        }
    }

    fn describe(self) -> &'static str {
        match self {
            ParamType::String => "a string",
            ParamType::Boolean => "true or false",
            ParamType::StringList => "an array of strings",
        }
    }

    fn accepts(self, value: &Value) -> bool {
        match self {
            ParamType::String => value.is_string(),
            ParamType::Boolean => value.is_boolean(),
            ParamType::StringList => value
                .as_array()
                .is_some_and(|items| items.iter().all(Value::is_string)),
        }
    }
}

/// One parameter of a tool.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    /// The argument name, as the reference server spells it (`className`).
    pub name: &'static str,
    /// Its JSON type.
    pub ty: ParamType,
    /// Whether a call must give it.
    pub required: bool,
    /// What it means, for a model filling it in.
    pub description: &'static str,
}

impl Param {
    /// A required parameter.
    pub const fn required(name: &'static str, ty: ParamType, description: &'static str) -> Param {
        Param {
            name,
            ty,
            required: true,
            description,
        }
    }

    /// An optional parameter.
    pub const fn optional(name: &'static str, ty: ParamType, description: &'static str) -> Param {
        Param {
            name,
            ty,
            required: false,
            description,
        }
    }
}

/// The closed input schema (`additionalProperties: false`) for `params`.
pub fn input_schema(params: &[Param]) -> Value {
    let mut properties = Map::new();
    for p in params {
        let mut schema = p.ty.schema();
        schema["description"] = json!(p.description);
        properties.insert(p.name.into(), schema);
    }
    let required: Vec<&str> = params
        .iter()
        .filter(|p| p.required)
        .map(|p| p.name)
        .collect();
    json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    })
}

/// A call's arguments, checked against the tool's parameters.
#[derive(Debug)]
pub struct Args<'a> {
    tool: &'static str,
    values: &'a Map<String, Value>,
}

static EMPTY: std::sync::LazyLock<Map<String, Value>> = std::sync::LazyLock::new(Map::new);

impl<'a> Args<'a> {
    /// Checks `arguments` (the `tools/call` arguments; absent means `{}`)
    /// against `params`: no unknown names, every required one present,
    /// every value of its declared type.
    pub fn check(
        tool: &'static str,
        params: &[Param],
        arguments: &'a Value,
    ) -> Result<Args<'a>, ToolError> {
        let values = match arguments {
            Value::Null => &*EMPTY,
            Value::Object(map) => map,
            _ => {
                return Err(ToolError::invalid_params(format!(
                    "the arguments of `{tool}` must be a JSON object; {}",
                    accepted(tool, params)
                )));
            }
        };
        for name in values.keys() {
            if !params.iter().any(|p| p.name == name) {
                return Err(ToolError::invalid_params(format!(
                    "`{tool}` has no argument `{name}`; {}",
                    accepted(tool, params)
                )));
            }
        }
        for p in params {
            match values.get(p.name) {
                None | Some(Value::Null) if p.required => {
                    return Err(ToolError::invalid_params(format!(
                        "`{tool}` needs the argument `{}` ({}: {})",
                        p.name,
                        p.ty.describe(),
                        p.description
                    )));
                }
                Some(v) if !v.is_null() && !p.ty.accepts(v) => {
                    return Err(ToolError::invalid_params(format!(
                        "the argument `{}` of `{tool}` must be {}, not {}",
                        p.name,
                        p.ty.describe(),
                        gs_toolset::json_type_name(v)
                    )));
                }
                _ => {}
            }
        }
        Ok(Args { tool, values })
    }

    /// A required string argument (checked present by [`Args::check`]).
    /// An empty or all-blank value is refused: no tool means anything by it.
    pub fn string(&self, name: &str) -> Result<&'a str, ToolError> {
        match self.opt_string(name) {
            Some(s) if !s.trim().is_empty() => Ok(s),
            _ => Err(ToolError::invalid_params(format!(
                "the argument `{name}` of `{}` is empty; give a value",
                self.tool
            ))),
        }
    }

    /// An optional string argument.
    pub fn opt_string(&self, name: &str) -> Option<&'a str> {
        self.values.get(name).and_then(Value::as_str)
    }

    /// An optional boolean argument, `default` when absent.
    pub fn flag(&self, name: &str, default: bool) -> bool {
        self.values
            .get(name)
            .and_then(Value::as_bool)
            .unwrap_or(default)
    }

    /// An optional list of strings.
    pub fn opt_strings(&self, name: &str) -> Option<Vec<String>> {
        self.values
            .get(name)
            .and_then(Value::as_array)
            .map(|items| {
                items
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            })
    }
}

fn accepted(tool: &str, params: &[Param]) -> String {
    if params.is_empty() {
        return format!("`{tool}` takes no arguments");
    }
    let list: Vec<String> = params
        .iter()
        .map(|p| {
            format!(
                "`{}`{}",
                p.name,
                if p.required { " (required)" } else { "" }
            )
        })
        .collect();
    format!("it accepts {}", list.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PARAMS: &[Param] = &[
        Param::required("className", ParamType::String, "the class"),
        Param::optional("meta", ParamType::Boolean, "class side"),
    ];

    #[test]
    fn the_schema_is_closed_and_lists_required_arguments() {
        let s = input_schema(PARAMS);
        assert_eq!(s["additionalProperties"], false);
        assert_eq!(s["required"], json!(["className"]));
        assert_eq!(s["properties"]["meta"]["type"], "boolean");
    }

    #[test]
    fn unknown_missing_and_ill_typed_arguments_are_refused_by_name() {
        let e = Args::check("t", PARAMS, &json!({"className": "A", "clasName": "B"})).unwrap_err();
        assert!(e.message.contains("no argument `clasName`"), "{e}");
        let e = Args::check("t", PARAMS, &json!({})).unwrap_err();
        assert!(e.message.contains("needs the argument `className`"), "{e}");
        let e = Args::check("t", PARAMS, &json!({"className": 3})).unwrap_err();
        assert!(e.message.contains("must be a string, not a number"), "{e}");
        let e = Args::check("t", PARAMS, &json!([1])).unwrap_err();
        assert!(e.message.contains("must be a JSON object"), "{e}");
        let good = json!({"className": "A"});
        let a = Args::check("t", PARAMS, &good).unwrap();
        assert_eq!(a.string("className").unwrap(), "A");
        assert!(!a.flag("meta", false));
        let blank = json!({"className": " "});
        let a = Args::check("t", PARAMS, &blank).unwrap();
        assert!(a.string("className").is_err());
    }
}
