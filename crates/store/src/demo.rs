//! Demo data for a first look at the portal: a provider with one super admin, two customer
//! companies with an admin each, batches of trainees, a small level catalogue and weeks of
//! attempts. Every date is set back from `now` in the order things happen (the provider, then
//! each company, its admin, batches and licence, then its trainees and their seats, then the
//! demo game's plays), so the demo always looks current. Deterministic apart from the
//! passwords, so screenshots stay comparable.

use identity::{Argon2Hasher, UserRepository, UserStatus};
use kernel::{AllocationId, BatchId, CompanyId, Email, LevelId, Role, SkillId, UserId};
use scoring::Difficulty;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use crate::{
    Store,
    entities::{
        approaches, batch_members, batches, chapters, companies, countries, industries, level_skills, levels, skills,
        users,
    },
};

/// Someone invited in the demo who has not chosen a password yet.
pub const INVITED: (&str, &str) = ("meera.pillai@meridian-bank.example", "Meera Pillai");

/// A demo account and the password it was given.
#[derive(Clone, Debug)]
pub struct DemoLogin {
    pub email: Email,
    pub role: Role,
    pub company: Option<String>,
    pub password: String,
    /// Signs in with an e-mailed code after the password.
    pub otp: bool,
}

struct DemoCompany {
    name: &'static str,
    email: &'static str,
    contact: &'static str,
    industry: usize,
    country: usize,
    session_minutes: i16,
    /// Every sign-in of this company's people asks for an e-mailed code.
    mfa_required: bool,
    admin: (&'static str, &'static str),
    /// Days its licence has left: Orbis's runs out soon, with every seat in use.
    licence_days_left: i64,
    batches: &'static [(&'static str, &'static [(&'static str, &'static str)])],
}

const COUNTRIES: [(&str, &str); 6] = [
    ("India", "IN"),
    ("Italy", "IT"),
    ("Spain", "ES"),
    ("France", "FR"),
    ("China", "CN"),
    ("United Arab Emirates", "AE"),
];
const INDUSTRIES: [&str; 4] = ["Banking", "Manufacturing", "Retail", "Logistics"];

/// A catalogue text in every language the portal speaks ([`kernel::LOCALES`]); English goes in
/// the row's own column, the others in its `translations`.
struct Title {
    en: &'static str,
    zh: &'static str,
    ar: &'static str,
    it: &'static str,
    es: &'static str,
    fr: &'static str,
}

impl Title {
    /// The `translations` column: every language but English, as JSON.
    fn translations(&self) -> String {
        serde_json::json!({ "zh": self.zh, "ar": self.ar, "it": self.it, "es": self.es, "fr": self.fr }).to_string()
    }
}

const SKILLS: [Title; 5] = [
    Title {
        en: "Communication",
        zh: "沟通",
        ar: "التواصل",
        it: "Comunicazione",
        es: "Comunicación",
        fr: "Communication",
    },
    Title {
        en: "Negotiation", zh: "谈判", ar: "التفاوض", it: "Negoziazione", es: "Negociación", fr: "Négociation"
    },
    Title {
        en: "Problem solving",
        zh: "解决问题",
        ar: "حل المشكلات",
        it: "Risoluzione dei problemi",
        es: "Resolución de problemas",
        fr: "Résolution de problèmes",
    },
    Title {
        en: "Leadership", zh: "领导力", ar: "القيادة", it: "Leadership", es: "Liderazgo", fr: "Leadership"
    },
    Title {
        en: "Customer focus",
        zh: "以客户为中心",
        ar: "التركيز على العملاء",
        it: "Orientamento al cliente",
        es: "Orientación al cliente",
        fr: "Orientation client",
    },
];
/// Ways of playing a level; Italian and Spanish agree with a masculine "approccio" / "enfoque",
/// French with a feminine "approche".
const APPROACHES: [Title; 3] = [
    Title {
        en: "Collaborative",
        zh: "协作型",
        ar: "تعاوني",
        it: "Collaborativo",
        es: "Colaborativo",
        fr: "Collaborative",
    },
    Title { en: "Assertive", zh: "坚定型", ar: "حازم", it: "Assertivo", es: "Asertivo", fr: "Assertive" },
    Title {
        en: "Analytical", zh: "分析型", ar: "تحليلي", it: "Analitico", es: "Analítico", fr: "Analytique"
    },
];
const CHAPTERS: [(Title, [Title; 4]); 3] = [
    (
        Title {
            en: "First day on the floor",
            zh: "上岗第一天",
            ar: "اليوم الأول في الميدان",
            it: "Primo giorno sul campo",
            es: "Primer día en el puesto",
            fr: "Premier jour sur le terrain",
        },
        [
            Title {
                en: "Meet the team",
                zh: "认识团队",
                ar: "تعرّف على الفريق",
                it: "Conosci il team",
                es: "Conoce al equipo",
                fr: "Rencontre avec l'équipe",
            },
            Title {
                en: "The missing delivery",
                zh: "丢失的货物",
                ar: "الشحنة المفقودة",
                it: "La consegna mancante",
                es: "La entrega perdida",
                fr: "La livraison manquante",
            },
            Title {
                en: "A customer complains",
                zh: "客户投诉",
                ar: "شكوى عميل",
                it: "Il reclamo del cliente",
                es: "Un cliente se queja",
                fr: "Un client se plaint",
            },
            Title {
                en: "Closing the shift",
                zh: "交班收尾",
                ar: "إنهاء المناوبة",
                it: "Fine turno",
                es: "Cierre del turno",
                fr: "Fin de service",
            },
        ],
    ),
    (
        Title {
            en: "Under pressure",
            zh: "压力之下",
            ar: "تحت الضغط",
            it: "Sotto pressione",
            es: "Bajo presión",
            fr: "Sous pression",
        },
        [
            Title {
                en: "Two deadlines",
                zh: "两个截止日期",
                ar: "موعدان نهائيان",
                it: "Due scadenze",
                es: "Dos plazos",
                fr: "Deux échéances",
            },
            Title {
                en: "The unhappy supplier",
                zh: "不满的供应商",
                ar: "المورّد المستاء",
                it: "Il fornitore scontento",
                es: "El proveedor descontento",
                fr: "Le fournisseur mécontent",
            },
            Title {
                en: "Short-staffed",
                zh: "人手不足",
                ar: "نقص في الموظفين",
                it: "A corto di personale",
                es: "Falta de personal",
                fr: "En sous-effectif",
            },
            Title {
                en: "The audit", zh: "审计", ar: "التدقيق", it: "L'audit", es: "La auditoría", fr: "L'audit"
            },
        ],
    ),
    (
        Title {
            en: "Leading others",
            zh: "带领他人",
            ar: "قيادة الآخرين",
            it: "Guidare gli altri",
            es: "Liderar a otros",
            fr: "Diriger les autres",
        },
        [
            Title {
                en: "Giving feedback",
                zh: "给予反馈",
                ar: "تقديم الملاحظات",
                it: "Dare feedback",
                es: "Dar retroalimentación",
                fr: "Donner un retour",
            },
            Title {
                en: "Conflict in the team",
                zh: "团队冲突",
                ar: "خلاف داخل الفريق",
                it: "Conflitto nel team",
                es: "Conflicto en el equipo",
                fr: "Conflit dans l'équipe",
            },
            Title {
                en: "The big pitch",
                zh: "重要提案",
                ar: "العرض الحاسم",
                it: "La grande presentazione",
                es: "La gran presentación",
                fr: "La grande présentation",
            },
            Title {
                en: "Year-end review",
                zh: "年终考评",
                ar: "مراجعة نهاية العام",
                it: "Valutazione di fine anno",
                es: "Evaluación de fin de año",
                fr: "L'entretien annuel",
            },
        ],
    ),
];

const COMPANIES: [DemoCompany; 2] = [
    DemoCompany {
        name: "Meridian Bank",
        email: "training@meridian-bank.example",
        contact: "Priya Nair",
        industry: 0,
        country: 0,
        session_minutes: 30,
        mfa_required: false,
        admin: ("priya.nair@meridian-bank.example", "Priya Nair"),
        licence_days_left: 290,
        batches: &[
            (
                "Branch onboarding 2026",
                &[
                    ("arjun.mehta@meridian-bank.example", "Arjun Mehta"),
                    ("kavya.iyer@meridian-bank.example", "Kavya Iyer"),
                    ("rohan.das@meridian-bank.example", "Rohan Das"),
                    ("sneha.kulkarni@meridian-bank.example", "Sneha Kulkarni"),
                ],
            ),
            (
                "Relationship managers",
                &[
                    ("vikram.rao@meridian-bank.example", "Vikram Rao"),
                    ("ananya.bose@meridian-bank.example", "Ananya Bose"),
                    ("farhan.qureshi@meridian-bank.example", "Farhan Qureshi"),
                ],
            ),
        ],
    },
    DemoCompany {
        name: "Orbis Manufacturing",
        email: "academy@orbis-mfg.example",
        contact: "Giulia Romano",
        industry: 1,
        country: 1,
        session_minutes: 15,
        mfa_required: true,
        admin: ("giulia.romano@orbis-mfg.example", "Giulia Romano"),
        licence_days_left: EXPIRING_LICENCE_DAYS_LEFT,
        batches: &[(
            "Plant supervisors",
            &[
                ("marco.bianchi@orbis-mfg.example", "Marco Bianchi"),
                ("lucia.ferrari@orbis-mfg.example", "Lucia Ferrari"),
                ("ahmed.haddad@orbis-mfg.example", "Ahmed Haddad"),
                ("chen.wei@orbis-mfg.example", "Chen Wei"),
                ("elena.garcia@orbis-mfg.example", "Elena García"),
            ],
        )],
    },
];

const SUPER_ADMIN: (&str, &str) = ("admin@playtrack.example", "Playtrack Admin");

/// How long ago the demo trainees were created and given their seats: the demo game's plays
/// (twelve weeks of them) start after that.
pub const TRAINEES_JOINED_DAYS_AGO: i64 = 87;
/// When the super admin set the portal up, and each company joined (the second two days later).
const PROVIDER_STARTED_DAYS_AGO: i64 = 120;
const FIRST_COMPANY_DAYS_AGO: i64 = 100;
/// Days left on Orbis's licence: it expires within the 30 days the seat counts warn about.
pub const EXPIRING_LICENCE_DAYS_LEFT: i64 = 18;
/// The batch the demo game plays well behind the others (new joiners), and the trainee who
/// stopped playing a few weeks ago: what the reports should make plain at a glance.
pub const BEHIND_BATCH: &str = "Branch onboarding 2026";
pub const GONE_QUIET: &str = "ahmed.haddad@orbis-mfg.example";
/// The invited trainee was created this long ago (the invitation is mailed when the demo starts).
const INVITED_DAYS_AGO: i64 = 2;

/// Seeds the demo when the database holds no user yet; `None` when it was not empty.
/// `new_password` gives each account its own password, which the caller shows the operator.
/// Hashing runs inline: this is a one-off command, not a request path.
///
/// # Errors
/// Any database failure; nothing is half-seeded on PostgreSQL since the first insert that
/// fails stops the seed (re-run on an empty database).
pub async fn seed(
    store: &Store,
    hasher: &Argon2Hasher,
    mut new_password: impl FnMut() -> String,
    now: OffsetDateTime,
) -> anyhow::Result<Option<Vec<DemoLogin>>> {
    if users::Entity::find().count(&store.db).await? > 0 {
        return Ok(None);
    }
    let mut logins = Vec::new();
    let mut account = |email: &str,
                       name: &str,
                       role: Role,
                       company: Option<(CompanyId, &DemoCompany)>,
                       created_at: OffsetDateTime|
     -> anyhow::Result<identity::NewUser> {
        let password = new_password();
        let email = Email::parse(email)?;
        logins.push(DemoLogin {
            email: email.clone(),
            role,
            company: company.map(|(_, c)| c.name.to_owned()),
            password: password.clone(),
            otp: company.is_some_and(|(_, c)| c.mfa_required),
        });
        Ok(identity::NewUser {
            email,
            name: name.to_owned(),
            role,
            company: company.map(|(id, _)| id),
            status: UserStatus::Active,
            password: Some(hasher.hash_now(&password)?),
            mfa_required: false,
            locale: "en".into(),
            created_at,
        })
    };
    let days_ago = |days: i64| now - Duration::days(days);
    let provider = store
        .create(account(SUPER_ADMIN.0, SUPER_ADMIN.1, Role::SuperAdmin, None, days_ago(PROVIDER_STARTED_DAYS_AGO))?)
        .await?
        .id;

    let country_ids = insert_all(store, &COUNTRIES, |id, (name, iso)| countries::ActiveModel {
        id: Set(id),
        name: Set((*name).into()),
        iso_code: Set((*iso).into()),
        active: Set(true),
    })
    .await?;
    let industry_ids = insert_all(store, &INDUSTRIES, |id, name| industries::ActiveModel {
        id: Set(id),
        name: Set((*name).into()),
        active: Set(true),
    })
    .await?;

    let mut trainees = Vec::new();
    let mut allocations = Vec::new();
    // Trainees join one after another, a few minutes apart, on the same morning.
    let mut joined = days_ago(TRAINEES_JOINED_DAYS_AGO);
    for (index, company) in COMPANIES.iter().enumerate() {
        let company_id = CompanyId::new();
        let first_of_company = trainees.len();
        let signed = days_ago(FIRST_COMPANY_DAYS_AGO - 2 * i64::try_from(index)?);
        companies::Entity::insert(companies::ActiveModel {
            id: Set(company_id.as_uuid()),
            name: Set(company.name.into()),
            email: Set(company.email.into()),
            contact_person: Set(company.contact.into()),
            industry_id: Set(industry_ids[company.industry]),
            country_id: Set(country_ids[company.country]),
            remark: Set(String::new()),
            session_minutes: Set(company.session_minutes),
            logo: Set(None),
            logo_content_type: Set(None),
            active: Set(true),
            mfa_required: Set(company.mfa_required),
            created_at: Set(signed),
        })
        .exec(&store.db)
        .await?;
        store
            .create(account(
                company.admin.0,
                company.admin.1,
                Role::CompanyAdmin,
                Some((company_id, company)),
                signed + Duration::hours(1),
            )?)
            .await?;
        let licence = Licence {
            bought: signed + Duration::days(2),
            valid_until: (now + Duration::days(company.licence_days_left)).date(),
        };
        for (batch_index, (batch_name, members)) in company.batches.iter().enumerate() {
            let batch_id = BatchId::new();
            batches::Entity::insert(batches::ActiveModel {
                id: Set(batch_id.as_uuid()),
                company_id: Set(company_id.as_uuid()),
                name: Set((*batch_name).into()),
                starts_on: Set(Some(days_ago(TRAINEES_JOINED_DAYS_AGO).date())),
                ends_on: Set(Some(licence.valid_until)),
                active: Set(true),
                created_at: Set(signed + Duration::days(1) + Duration::hours(i64::try_from(batch_index)?)),
            })
            .exec(&store.db)
            .await?;
            for (email, name) in *members {
                joined += Duration::minutes(7);
                let user = store.create(account(email, name, Role::User, Some((company_id, company)), joined)?).await?;
                batch_members::Entity::insert(batch_members::ActiveModel {
                    batch_id: Set(batch_id.as_uuid()),
                    user_id: Set(user.id.as_uuid()),
                    added_at: Set(joined),
                })
                .exec(&store.db)
                .await?;
                trainees.push((user.id, joined + Duration::minutes(1)));
            }
        }
        allocations.push(seed_seats(store, provider, company_id, &licence, &trainees[first_of_company..]).await?);
    }

    let meridian =
        companies::Entity::find().filter(companies::Column::Name.eq(COMPANIES[0].name)).one(&store.db).await?;
    let first_batch =
        batches::Entity::find().filter(batches::Column::Name.eq(COMPANIES[0].batches[0].0)).one(&store.db).await?;
    if let (Some(company), Some(batch), Some(allocation)) = (meridian, first_batch, allocations.first()) {
        let invited_at = days_ago(INVITED_DAYS_AGO);
        let invited = store
            .create(identity::NewUser {
                email: Email::parse(INVITED.0)?,
                name: INVITED.1.to_owned(),
                role: Role::User,
                company: Some(company.id.into()),
                status: UserStatus::Invited,
                password: None,
                mfa_required: false,
                locale: "en".into(),
                created_at: invited_at,
            })
            .await?;
        batch_members::Entity::insert(batch_members::ActiveModel {
            batch_id: Set(batch.id),
            user_id: Set(invited.id.as_uuid()),
            added_at: Set(invited_at),
        })
        .exec(&store.db)
        .await?;
        // Invited like anyone an admin creates: holding a seat, not yet activated.
        licensing::Seats::take_seat(store, *allocation, invited.id, invited_at + Duration::minutes(1))
            .await?
            .map_err(|e| anyhow::anyhow!("demo seat of the invited trainee: {e}"))?;
    }

    seed_catalogue(store).await?;
    Ok(Some(logins))
}

/// A company's licence: bought two days after the company joined, company-wide.
struct Licence {
    bought: OffsetDateTime,
    valid_until: time::Date,
}

/// The company's licence with two seats more than its trainees, each of whom took theirs a
/// minute after they were created (the demo game's first plays activate them); answers the
/// allocation.
async fn seed_seats(
    store: &Store,
    by: UserId,
    company: CompanyId,
    licence: &Licence,
    trainees: &[(UserId, OffsetDateTime)],
) -> anyhow::Result<AllocationId> {
    use licensing::Seats;
    let allocation = licensing::Allocation {
        id: AllocationId::new(),
        company,
        batch: None,
        seats: u32::try_from(trainees.len())? + 2,
        valid_from: licence.bought.date(),
        valid_until: licence.valid_until,
    };
    store
        .save_allocation(&allocation, by, licence.bought)
        .await
        .map_err(|e| anyhow::anyhow!("demo allocation: {e}"))?;
    for (trainee, at) in trainees {
        store.take_seat(allocation.id, *trainee, *at).await?.map_err(|e| anyhow::anyhow!("demo seat: {e}"))?;
    }
    Ok(allocation.id)
}

async fn seed_catalogue(store: &Store) -> anyhow::Result<()> {
    let skill_ids: Vec<SkillId> = insert_all(store, &SKILLS, |id, name| skills::ActiveModel {
        id: Set(id),
        name: Set(name.en.into()),
        translations: Set(name.translations()),
    })
    .await?
    .into_iter()
    .map(Into::into)
    .collect();
    insert_all(store, &APPROACHES, |id, name| approaches::ActiveModel {
        id: Set(id),
        name: Set(name.en.into()),
        translations: Set(name.translations()),
    })
    .await?;
    for (chapter_index, (title, level_titles)) in CHAPTERS.iter().enumerate() {
        let chapter_id = Uuid::now_v7();
        chapters::Entity::insert(chapters::ActiveModel {
            id: Set(chapter_id),
            number: Set(i32::try_from(chapter_index)? + 1),
            title: Set(title.en.into()),
            translations: Set(title.translations()),
        })
        .exec(&store.db)
        .await?;
        for (level_index, level_title) in level_titles.iter().enumerate() {
            let n = chapter_index * 4 + level_index;
            let difficulty = Difficulty::ALL[(chapter_index + level_index / 2).min(2)];
            let max_score = 60 + 20 * u32::try_from(chapter_index)?;
            // Two skills a level, on scales of their own: three fifths and two fifths of it.
            let trained = [
                (skill_ids[n % SKILLS.len()], max_score * 3 / 5),
                (skill_ids[(n + 2) % SKILLS.len()], max_score * 2 / 5),
            ];
            let level_id = LevelId::new();
            levels::Entity::insert(levels::ActiveModel {
                id: Set(level_id.as_uuid()),
                chapter_id: Set(chapter_id),
                number: Set(i32::try_from(level_index)? + 1),
                title: Set(level_title.en.into()),
                max_score: Set(i32::try_from(max_score)?),
                difficulty: Set(difficulty.as_str().into()),
                translations: Set(level_title.translations()),
                ..Default::default()
            })
            .exec(&store.db)
            .await?;
            level_skills::Entity::insert_many(trained.iter().map(|(skill, max_points)| level_skills::ActiveModel {
                level_id: Set(level_id.as_uuid()),
                skill_id: Set(skill.as_uuid()),
                max_points: Set(i32::try_from(*max_points).unwrap_or(i32::MAX)),
            }))
            .exec(&store.db)
            .await?;
        }
    }
    Ok(())
}

/// Inserts one row per item under a fresh id and answers the ids in the items' order.
async fn insert_all<T, A>(store: &Store, items: &[T], row: impl Fn(Uuid, &T) -> A) -> anyhow::Result<Vec<Uuid>>
where
    A: sea_orm::ActiveModelTrait + Send,
{
    let ids: Vec<Uuid> = items.iter().map(|_| Uuid::now_v7()).collect();
    A::Entity::insert_many(ids.iter().zip(items).map(|(id, item)| row(*id, item))).exec(&store.db).await?;
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use super::*;

    #[test]
    fn every_demo_title_speaks_every_language() {
        let chapters = CHAPTERS.iter().flat_map(|(chapter, levels)| std::iter::once(chapter).chain(levels));
        for title in SKILLS.iter().chain(&APPROACHES).chain(chapters) {
            let others: BTreeMap<String, String> = serde_json::from_str(&title.translations()).unwrap();
            let texts: BTreeMap<&str, &str> = others
                .iter()
                .map(|(locale, text)| (locale.as_str(), text.as_str()))
                .chain([("en", title.en)])
                .collect();
            assert_eq!(texts.keys().copied().collect::<BTreeSet<_>>(), BTreeSet::from(kernel::LOCALES), "{}", title.en);
            for (locale, text) in texts {
                assert!(!text.is_empty() && text.trim() == text, "{locale} of {}: {text:?}", title.en);
            }
        }
    }
}
