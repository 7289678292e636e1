//! Statement builders the migrations share. Append only: changing one would change what an
//! already-landed migration does.

use sea_orm_migration::prelude::*;

pub fn fk(
    table: &'static str,
    column: &'static str,
    target: &'static str,
    on_delete: ForeignKeyAction,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_{column}"))
        .from(table, column)
        .to(target, "id")
        .on_delete(on_delete)
        .take()
}

pub fn index(table: &'static str, columns: &[&'static str], unique: bool) -> IndexCreateStatement {
    let mut statement = Index::create().name(format!("ix_{table}_{}", columns.join("_"))).table(table).take();
    for column in columns {
        statement.col(*column);
    }
    if unique {
        statement.unique();
    }
    statement
}
