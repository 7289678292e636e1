//! The composition of the services: which storage, mail and hashing adapters stand behind
//! each port, and the unit of work over the store's transactions.

/// The sign-in service as this server wires it.
pub type Identity =
    identity::SignIn<store::Store, mail::MailNotifier<store::Store>, crate::hashing::PooledHasher, kernel::AnyClock>;

/// Licensing as this server wires it.
pub type Licensing = licensing::Licensing<store::Store, kernel::AnyClock>;

/// The unit of work as this server wires it: the store's transaction behind identity,
/// licensing and the mail outbox.
#[derive(Clone, Debug)]
pub struct Transactions {
    pub store: store::Store,
    pub identity: Identity,
    pub clock: kernel::AnyClock,
}

/// The services of one transaction as this server wires them.
pub type Work =
    app::Work<store::Store, mail::MailNotifier<store::Store>, crate::hashing::PooledHasher, kernel::AnyClock>;

impl app::UnitOfWork for Transactions {
    type Work = Work;

    async fn begin(&self) -> anyhow::Result<Work> {
        let transaction = self.store.begin().await?;
        let notifier = self.identity.notifier().with_queue(transaction.clone());
        Ok(app::Work {
            identity: self.identity.bound_to(transaction.clone(), notifier),
            licensing: licensing::Licensing::new(transaction.clone(), self.clock.clone()),
            transaction,
        })
    }

    async fn commit(&self, work: Work) -> anyhow::Result<()> {
        let app::Work { identity, licensing, transaction } = work;
        drop((identity, licensing));
        transaction.commit().await?;
        // The worker could not see the mail before the commit.
        self.identity.notifier().wake();
        Ok(())
    }

    fn now(&self) -> time::OffsetDateTime {
        kernel::Clock::now(&self.clock)
    }
}

/// The people use cases as this server wires them.
pub type People = app::People<Transactions>;
