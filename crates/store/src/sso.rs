//! SSO connections: the [`identity::sso::SsoStore`] port.

use anyhow::Context;
use identity::sso::{EmailClaim, PendingSignIn, Refused, SsoConnection, SsoStore};
use kernel::{AuditEvent, AuditLog, CompanyId};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, sea_query::OnConflict};
use time::OffsetDateTime;

use crate::{
    Store,
    entities::{batches, companies, sso_connections, sso_domains, sso_sign_ins},
};

impl SsoStore for Store {
    async fn sso_connections(&self, company: Option<CompanyId>) -> anyhow::Result<Vec<SsoConnection>> {
        let mut rows = sso_connections::Entity::find().order_by_asc(sso_connections::Column::CreatedAt);
        let mut domains = sso_domains::Entity::find().order_by_asc(sso_domains::Column::Domain);
        if let Some(company) = company {
            rows = rows.filter(sso_connections::Column::CompanyId.eq(company.as_uuid()));
            domains = domains.filter(sso_domains::Column::CompanyId.eq(company.as_uuid()));
        }
        let rows = rows.all(&self.db).await.context("reading SSO connections")?;
        let domains = domains.all(&self.db).await.context("reading SSO domains")?;
        rows.into_iter()
            .map(|row| {
                let own = domains.iter().filter(|d| d.company_id == row.company_id).map(|d| d.domain.clone()).collect();
                to_connection(row, own)
            })
            .collect()
    }

    async fn save_sso_connection(
        &self,
        connection: &SsoConnection,
        audit: AuditEvent,
    ) -> anyhow::Result<Result<(), Refused>> {
        let company = connection.company.as_uuid();
        let tx = self.begin().await?;
        if companies::Entity::find_by_id(company).one(&tx.db).await?.is_none() {
            return Ok(Err(Refused::UnknownCompany));
        }
        // A batch never moves to another company, so its company read here stays true.
        if let Some(batch) = connection.batch {
            let of_company = batches::Entity::find_by_id(batch.as_uuid()).one(&tx.db).await?;
            if of_company.is_none_or(|b| b.company_id != company) {
                return Ok(Err(Refused::UnknownBatch));
            }
        }
        let row = sso_connections::ActiveModel {
            company_id: Set(company),
            issuer: Set(connection.issuer.to_string()),
            client_id: Set(connection.client_id.clone()),
            client_secret_sealed: Set(connection.sealed_secret.clone()),
            scopes: Set(serde_json::to_string(&connection.scopes)?),
            email_claim: Set(connection.email_claim.as_str().to_owned()),
            create_users: Set(connection.create_users),
            batch_id: Set(connection.batch.map(|b| b.as_uuid())),
            assign_seat: Set(connection.assign_seat),
            password_sign_in: Set(connection.password_sign_in),
            created_at: Set(connection.created_at),
            updated_at: Set(connection.updated_at),
        };
        sso_connections::Entity::insert(row)
            .on_conflict(
                OnConflict::column(sso_connections::Column::CompanyId)
                    .update_columns([
                        sso_connections::Column::Issuer,
                        sso_connections::Column::ClientId,
                        sso_connections::Column::ClientSecretSealed,
                        sso_connections::Column::Scopes,
                        sso_connections::Column::EmailClaim,
                        sso_connections::Column::CreateUsers,
                        sso_connections::Column::BatchId,
                        sso_connections::Column::AssignSeat,
                        sso_connections::Column::PasswordSignIn,
                        sso_connections::Column::UpdatedAt,
                    ])
                    .to_owned(),
            )
            .exec_without_returning(&tx.db)
            .await
            .context("saving an SSO connection")?;
        sso_domains::Entity::delete_many()
            .filter(sso_domains::Column::CompanyId.eq(company))
            .exec(&tx.db)
            .await
            .context("replacing an SSO connection's domains")?;
        // The company's own domains are gone: a domain still there is another company's. The
        // primary key decides, also against a company claiming it at this moment.
        for domain in &connection.domains {
            let inserted = sso_domains::Entity::insert(sso_domains::ActiveModel {
                domain: Set(domain.clone()),
                company_id: Set(company),
            })
            .on_conflict(OnConflict::column(sso_domains::Column::Domain).do_nothing().to_owned())
            .exec_without_returning(&tx.db)
            .await
            .context("claiming an SSO domain")?;
            if inserted == 0 {
                return Ok(Err(Refused::DomainTaken(domain.clone())));
            }
        }
        tx.record(audit).await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    async fn delete_sso_connection(&self, company: CompanyId, audit: AuditEvent) -> anyhow::Result<bool> {
        let tx = self.begin().await?;
        sso_domains::Entity::delete_many()
            .filter(sso_domains::Column::CompanyId.eq(company.as_uuid()))
            .exec(&tx.db)
            .await
            .context("removing SSO domains")?;
        let removed = sso_connections::Entity::delete_by_id(company.as_uuid())
            .exec(&tx.db)
            .await
            .context("removing an SSO connection")?
            .rows_affected;
        if removed == 0 {
            return Ok(false);
        }
        tx.record(audit).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn sso_connection_by_domain(&self, domain: &str) -> anyhow::Result<Option<SsoConnection>> {
        let Some(owner) =
            sso_domains::Entity::find_by_id(domain).one(&self.db).await.context("finding an SSO domain")?
        else {
            return Ok(None);
        };
        Ok(self.sso_connections(Some(owner.company_id.into())).await?.into_iter().next())
    }

    async fn open_pending_sign_in(&self, pending: &PendingSignIn) -> anyhow::Result<()> {
        sso_sign_ins::Entity::insert(sso_sign_ins::ActiveModel {
            id: Set(pending.id),
            state_hash: Set(pending.state_hash.clone()),
            binding_hash: Set(pending.binding_hash.clone()),
            company_id: Set(pending.company.as_uuid()),
            nonce: Set(pending.nonce.clone()),
            pkce_verifier_sealed: Set(pending.sealed_pkce_verifier.clone()),
            created_at: Set(pending.created_at),
            expires_at: Set(pending.expires_at),
            consumed_at: Set(None),
        })
        .exec_without_returning(&self.db)
        .await
        .context("keeping an SSO sign-in")?;
        Ok(())
    }

    async fn take_pending_sign_in(
        &self,
        state_hash: &str,
        now: OffsetDateTime,
    ) -> anyhow::Result<Option<PendingSignIn>> {
        // The guarded update decides which of two racing callbacks uses it up.
        let taken = sso_sign_ins::Entity::update_many()
            .col_expr(sso_sign_ins::Column::ConsumedAt, sea_orm::prelude::Expr::value(now))
            .filter(sso_sign_ins::Column::StateHash.eq(state_hash))
            .filter(sso_sign_ins::Column::ConsumedAt.is_null())
            .filter(sso_sign_ins::Column::ExpiresAt.gt(now))
            .exec(&self.db)
            .await
            .context("using up an SSO sign-in")?
            .rows_affected;
        if taken == 0 {
            return Ok(None);
        }
        let row = sso_sign_ins::Entity::find()
            .filter(sso_sign_ins::Column::StateHash.eq(state_hash))
            .one(&self.db)
            .await
            .context("reading an SSO sign-in")?
            .context("an SSO sign-in just used up")?;
        Ok(Some(PendingSignIn {
            id: row.id,
            state_hash: row.state_hash,
            binding_hash: row.binding_hash,
            company: row.company_id.into(),
            nonce: row.nonce,
            sealed_pkce_verifier: row.pkce_verifier_sealed,
            created_at: row.created_at,
            expires_at: row.expires_at,
        }))
    }
}

fn to_connection(row: sso_connections::Model, domains: Vec<String>) -> anyhow::Result<SsoConnection> {
    Ok(SsoConnection {
        company: row.company_id.into(),
        issuer: row.issuer.parse().context("a stored SSO issuer")?,
        client_id: row.client_id,
        sealed_secret: row.client_secret_sealed,
        scopes: serde_json::from_str(&row.scopes).context("a stored SSO connection's scopes")?,
        email_claim: EmailClaim::parse(&row.email_claim).context("a stored SSO e-mail claim")?,
        domains,
        create_users: row.create_users,
        batch: row.batch_id.map(Into::into),
        assign_seat: row.assign_seat,
        password_sign_in: row.password_sign_in,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}
