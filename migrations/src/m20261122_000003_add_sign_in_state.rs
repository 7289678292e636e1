//! What sign-in needs beyond the first schema: a company-wide OTP requirement, the role a
//! session was opened with, throttling counters, server-wide settings, and the first EULA.

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The seed's licence terms, version 1, in the six languages of the portal.
const EULA_V1: [(&str, &str); 6] = [
    (
        "en",
        "Playtrack training licence — end-user licence agreement (version 1)\n\n\
         1. One person per licence. Your licence is for you alone and may not be transferred.\n\
         2. Single device. Use the training game on one device at a time.\n\
         3. Own training only. Use the game and this portal only for your own training.\n\
         4. No sharing. Do not share your sign-in, your licence or the training content.\n\
         5. No reverse engineering. Do not copy, decompile, disassemble or modify the game or the portal.\n\
         6. Governing law. This agreement is governed by the laws of India; the courts of Mumbai have exclusive jurisdiction.",
    ),
    (
        "zh",
        "Playtrack 培训许可——最终用户许可协议（第 1 版）\n\n\
         1. 一人一许可。您的许可仅供您本人使用，不得转让。\n\
         2. 单一设备。同一时间只能在一台设备上使用培训游戏。\n\
         3. 仅限本人培训。游戏和本门户只能用于您本人的培训。\n\
         4. 禁止共享。不得共享您的登录信息、许可或培训内容。\n\
         5. 禁止逆向工程。不得复制、反编译、反汇编或修改游戏或门户。\n\
         6. 适用法律。本协议受印度法律管辖；孟买法院拥有专属管辖权。",
    ),
    (
        "ar",
        "ترخيص تدريب Playtrack — اتفاقية ترخيص المستخدم النهائي (الإصدار 1)\n\n\
         1. شخص واحد لكل ترخيص. ترخيصك لك وحدك ولا يجوز نقله.\n\
         2. جهاز واحد. استخدم لعبة التدريب على جهاز واحد في كل مرة.\n\
         3. لتدريبك الشخصي فقط. استخدم اللعبة وهذه البوابة لتدريبك الشخصي فقط.\n\
         4. عدم المشاركة. لا تشارك بيانات تسجيل الدخول أو الترخيص أو محتوى التدريب.\n\
         5. عدم الهندسة العكسية. لا تنسخ اللعبة أو البوابة ولا تفك تجميعها أو تعدّلها.\n\
         6. القانون الحاكم. تخضع هذه الاتفاقية لقوانين الهند، وتختص محاكم مومباي حصريًا بالنظر في أي نزاع.",
    ),
    (
        "it",
        "Licenza di formazione Playtrack — contratto di licenza con l'utente finale (versione 1)\n\n\
         1. Una persona per licenza. La licenza è solo per te e non può essere trasferita.\n\
         2. Un solo dispositivo. Usa il gioco di formazione su un dispositivo alla volta.\n\
         3. Solo per la tua formazione. Usa il gioco e questo portale solo per la tua formazione.\n\
         4. Nessuna condivisione. Non condividere le credenziali, la licenza o i contenuti formativi.\n\
         5. Nessuna decodificazione. Non copiare, decompilare, disassemblare o modificare il gioco o il portale.\n\
         6. Legge applicabile. Il contratto è regolato dalla legge indiana; è competente in via esclusiva il foro di Mumbai.",
    ),
    (
        "es",
        "Licencia de formación de Playtrack — contrato de licencia de usuario final (versión 1)\n\n\
         1. Una persona por licencia. Tu licencia es solo para ti y no puede transferirse.\n\
         2. Un solo dispositivo. Usa el juego de formación en un dispositivo a la vez.\n\
         3. Solo para tu propia formación. Usa el juego y este portal solo para tu formación.\n\
         4. Prohibido compartir. No compartas tu acceso, tu licencia ni el contenido formativo.\n\
         5. Prohibida la ingeniería inversa. No copies, descompiles, desensambles ni modifiques el juego o el portal.\n\
         6. Ley aplicable. Este contrato se rige por las leyes de la India; los tribunales de Bombay tienen jurisdicción exclusiva.",
    ),
    (
        "fr",
        "Licence de formation Playtrack — contrat de licence utilisateur final (version 1)\n\n\
         1. Une personne par licence. Votre licence vous est personnelle et ne peut être cédée.\n\
         2. Un seul appareil. Utilisez le jeu de formation sur un seul appareil à la fois.\n\
         3. Votre formation uniquement. Utilisez le jeu et ce portail pour votre propre formation uniquement.\n\
         4. Aucun partage. Ne partagez ni vos identifiants, ni votre licence, ni les contenus de formation.\n\
         5. Aucune rétro-ingénierie. Ne copiez, ne décompilez, ne désassemblez ni ne modifiez le jeu ou le portail.\n\
         6. Droit applicable. Ce contrat est régi par le droit indien ; les tribunaux de Mumbai sont seuls compétents.",
    ),
];

const EULA_V1_ID: &str = "019aa800-0000-7000-8000-000000000001";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One change per statement: SQLite alters one column at a time.
        m.alter_table(Table::alter().table("companies").add_column(boolean("mfa_required").default(false)).take())
            .await?;
        m.alter_table(Table::alter().table("sessions").add_column(string_len("role", 16).default("USER")).take())
            .await?;
        m.create_table(
            Table::create()
                .table("throttle_hits")
                .col(pk_uuid("id"))
                .col(string("key"))
                .col(timestamp_with_time_zone("at"))
                .take(),
        )
        .await?;
        m.create_index(index("throttle_hits", &["key", "at"], false)).await?;
        m.create_table(
            Table::create().table("server_settings").col(string_len("key", 64).primary_key()).col(text("value")).take(),
        )
        .await?;

        let version = sea_orm::prelude::Uuid::parse_str(EULA_V1_ID).map_err(|e| DbErr::Custom(e.to_string()))?;
        m.exec_stmt(
            Query::insert()
                .into_table("eula_versions")
                .columns(["id", "version", "published_at"])
                .values_panic([version.into(), 1.into(), Expr::current_timestamp()])
                .take(),
        )
        .await?;
        let mut texts = Query::insert().into_table("eula_texts").columns(["eula_version_id", "locale", "body"]).take();
        for (locale, body) in EULA_V1 {
            texts.values_panic([version.into(), locale.into(), body.into()]);
        }
        m.exec_stmt(texts).await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.exec_stmt(Query::delete().from_table("eula_texts").take()).await?;
        m.exec_stmt(Query::delete().from_table("eula_versions").take()).await?;
        m.drop_table(Table::drop().table("server_settings").take()).await?;
        m.drop_table(Table::drop().table("throttle_hits").take()).await?;
        m.alter_table(Table::alter().table("sessions").drop_column("role").take()).await?;
        m.alter_table(Table::alter().table("companies").drop_column("mfa_required").take()).await
    }
}
