//! The spec's schemas of identity's named choices (`identity`'s `choices!` enums), which
//! serialise by name: one list of names for the database, the API and the spec.

/// The spec's schema of one of identity's choices: a string, one of its names.
macro_rules! choice_schema {
    ($schema:ident, $choice:ident, $description:literal) => {
        #[derive(Debug)]
        pub struct $schema;

        impl utoipa::PartialSchema for $schema {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
                utoipa::openapi::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .description(Some($description))
                    .enum_values(Some($choice::ALL.iter().map(|choice| choice.as_str())))
                    .into()
            }
        }

        impl utoipa::ToSchema for $schema {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed(stringify!($choice))
            }
        }
    };
}
