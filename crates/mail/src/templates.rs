//! Mail texts in the six languages of the portal. The code is the only variable part, so
//! plain text and HTML are built from the same translated lines.

use identity::{OutgoingMail, User};
use kernel::Email;

struct OtpText {
    subject: &'static str,
    greeting: &'static str,
    intro: &'static str,
    validity: &'static str,
    ignore: &'static str,
}

fn otp_text(locale: &str) -> OtpText {
    match locale {
        "zh" => OtpText {
            subject: "您的 Playtrack 登录验证码",
            greeting: "您好",
            intro: "您的登录验证码是：",
            validity: "验证码 5 分钟内有效，且只能使用一次。",
            ignore: "如果这不是您本人的登录操作，请忽略此邮件并通知您的管理员。",
        },
        "ar" => OtpText {
            subject: "رمز تسجيل الدخول إلى Playtrack",
            greeting: "مرحبًا",
            intro: "رمز تسجيل الدخول الخاص بك هو:",
            validity: "الرمز صالح لمدة 5 دقائق ولمرة واحدة فقط.",
            ignore: "إذا لم تحاول تسجيل الدخول، فتجاهل هذه الرسالة وأبلغ المسؤول.",
        },
        "it" => OtpText {
            subject: "Il tuo codice di accesso a Playtrack",
            greeting: "Ciao",
            intro: "Il tuo codice di accesso è:",
            validity: "Il codice vale 5 minuti e si può usare una sola volta.",
            ignore: "Se non hai provato ad accedere, ignora questa e-mail e avvisa il tuo amministratore.",
        },
        "es" => OtpText {
            subject: "Tu código de acceso a Playtrack",
            greeting: "Hola",
            intro: "Tu código de acceso es:",
            validity: "El código es válido durante 5 minutos y solo puede usarse una vez.",
            ignore: "Si no has intentado iniciar sesión, ignora este correo y avisa a tu administrador.",
        },
        "fr" => OtpText {
            subject: "Votre code de connexion Playtrack",
            greeting: "Bonjour",
            intro: "Votre code de connexion est :",
            validity: "Le code est valable 5 minutes et ne peut servir qu'une fois.",
            ignore: "Si vous n'avez pas tenté de vous connecter, ignorez ce message et prévenez votre administrateur.",
        },
        _ => OtpText {
            subject: "Your Playtrack sign-in code",
            greeting: "Hello",
            intro: "Your sign-in code is:",
            validity: "The code is valid for 5 minutes and can be used once.",
            ignore: "If you did not try to sign in, ignore this e-mail and tell your administrator.",
        },
    }
}

pub fn otp(user: &User, code: &str) -> OutgoingMail {
    let t = otp_text(&user.locale);
    let name = escape(&user.name);
    OutgoingMail {
        to: user.email.clone(),
        subject: t.subject.to_owned(),
        text: format!("{} {},\n\n{} {code}\n\n{}\n{}\n", t.greeting, user.name, t.intro, t.validity, t.ignore),
        html: page(
            &user.locale,
            &format!(
                "<p>{} {name},</p><p>{}</p><p style=\"font-size:28px;letter-spacing:6px\"><b>{code}</b></p>\
                 <p>{}</p><p style=\"color:#666\">{}</p>",
                t.greeting, t.intro, t.validity, t.ignore
            ),
        ),
    }
}

/// A mail whose point is one link: greeting, what it is for, the link, how long it works.
struct LinkText {
    subject: &'static str,
    greeting: &'static str,
    intro: &'static str,
    action: &'static str,
    validity: &'static str,
    ignore: &'static str,
}

fn reset_text(locale: &str) -> LinkText {
    match locale {
        "zh" => LinkText {
            subject: "重置您的 Playtrack 密码",
            greeting: "您好",
            intro: "我们收到了重置您 Playtrack 密码的请求。",
            action: "设置新密码",
            validity: "此链接 60 分钟内有效，且只能使用一次。",
            ignore: "如果您没有提出此请求，请忽略此邮件，您的密码不会改变。",
        },
        "ar" => LinkText {
            subject: "إعادة تعيين كلمة مرور Playtrack",
            greeting: "مرحبًا",
            intro: "تلقينا طلبًا لإعادة تعيين كلمة مرورك في Playtrack.",
            action: "تعيين كلمة مرور جديدة",
            validity: "الرابط صالح لمدة 60 دقيقة ولمرة واحدة فقط.",
            ignore: "إذا لم تطلب ذلك، فتجاهل هذه الرسالة ولن تتغير كلمة مرورك.",
        },
        "it" => LinkText {
            subject: "Reimposta la password di Playtrack",
            greeting: "Ciao",
            intro: "Abbiamo ricevuto una richiesta di reimpostare la tua password di Playtrack.",
            action: "Imposta una nuova password",
            validity: "Il link vale 60 minuti e si può usare una sola volta.",
            ignore: "Se non l'hai chiesto tu, ignora questa e-mail: la password non cambierà.",
        },
        "es" => LinkText {
            subject: "Restablece tu contraseña de Playtrack",
            greeting: "Hola",
            intro: "Hemos recibido una solicitud para restablecer tu contraseña de Playtrack.",
            action: "Establecer una contraseña nueva",
            validity: "El enlace es válido durante 60 minutos y solo puede usarse una vez.",
            ignore: "Si no lo has solicitado, ignora este correo: tu contraseña no cambiará.",
        },
        "fr" => LinkText {
            subject: "Réinitialisez votre mot de passe Playtrack",
            greeting: "Bonjour",
            intro: "Nous avons reçu une demande de réinitialisation de votre mot de passe Playtrack.",
            action: "Choisir un nouveau mot de passe",
            validity: "Le lien est valable 60 minutes et ne sert qu'une fois.",
            ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe ne changera pas.",
        },
        _ => LinkText {
            subject: "Reset your Playtrack password",
            greeting: "Hello",
            intro: "We received a request to reset your Playtrack password.",
            action: "Set a new password",
            validity: "The link works for 60 minutes, once.",
            ignore: "If you did not ask for this, ignore this e-mail; your password stays as it is.",
        },
    }
}

fn invitation_text(locale: &str) -> LinkText {
    match locale {
        "zh" => LinkText {
            subject: "邀请您加入 Playtrack 培训",
            greeting: "您好",
            intro: "您已受邀参加 Playtrack 培训。请设置密码以激活您的账户。",
            action: "接受邀请",
            validity: "此链接 7 天内有效，且只能使用一次。",
            ignore: "如果您没有预期收到此邀请，请忽略此邮件。",
        },
        "ar" => LinkText {
            subject: "دعوة للانضمام إلى تدريب Playtrack",
            greeting: "مرحبًا",
            intro: "تمت دعوتك إلى تدريب Playtrack. اختر كلمة مرور لتفعيل حسابك.",
            action: "قبول الدعوة",
            validity: "الرابط صالح لمدة 7 أيام ولمرة واحدة فقط.",
            ignore: "إذا لم تكن تتوقع هذه الدعوة، فتجاهل هذه الرسالة.",
        },
        "it" => LinkText {
            subject: "Sei invitato alla formazione Playtrack",
            greeting: "Ciao",
            intro: "Sei stato invitato alla formazione Playtrack. Scegli una password per attivare il tuo account.",
            action: "Accetta l'invito",
            validity: "Il link vale 7 giorni e si può usare una sola volta.",
            ignore: "Se non ti aspettavi questo invito, ignora questa e-mail.",
        },
        "es" => LinkText {
            subject: "Invitación a la formación de Playtrack",
            greeting: "Hola",
            intro: "Te han invitado a la formación de Playtrack. Elige una contraseña para activar tu cuenta.",
            action: "Aceptar la invitación",
            validity: "El enlace es válido durante 7 días y solo puede usarse una vez.",
            ignore: "Si no esperabas esta invitación, ignora este correo.",
        },
        "fr" => LinkText {
            subject: "Invitation à la formation Playtrack",
            greeting: "Bonjour",
            intro: "Vous êtes invité à la formation Playtrack. Choisissez un mot de passe pour activer votre compte.",
            action: "Accepter l'invitation",
            validity: "Le lien est valable 7 jours et ne sert qu'une fois.",
            ignore: "Si vous n'attendiez pas cette invitation, ignorez ce message.",
        },
        _ => LinkText {
            subject: "You are invited to Playtrack training",
            greeting: "Hello",
            intro: "You have been invited to Playtrack training. Choose a password to activate your account.",
            action: "Accept the invitation",
            validity: "The link works for 7 days, once.",
            ignore: "If you did not expect this invitation, ignore this e-mail.",
        },
    }
}

pub fn password_reset(user: &User, link: &str) -> OutgoingMail {
    link_mail(&user.into(), link, &reset_text(&user.locale))
}

pub fn invitation(user: &User, link: &str) -> OutgoingMail {
    link_mail(&user.into(), link, &invitation_text(&user.locale))
}

/// Whom a mail greets, and in which language.
pub struct Recipient<'a> {
    pub email: &'a Email,
    pub name: &'a str,
    pub locale: &'a str,
}

impl<'a> From<&'a User> for Recipient<'a> {
    fn from(user: &'a User) -> Self {
        Self { email: &user.email, name: &user.name, locale: &user.locale }
    }
}

fn sign_up_text(locale: &str) -> LinkText {
    match locale {
        "zh" => LinkText {
            subject: "确认您的邮箱以加入 Playtrack 培训",
            greeting: "您好",
            intro: "请确认您的邮箱地址，然后设置密码即可完成 Playtrack 培训的注册。",
            action: "确认并设置密码",
            validity: "此链接 24 小时内有效，且只能使用一次。",
            ignore: "如果您没有注册，请忽略此邮件，不会创建任何账户。",
        },
        "ar" => LinkText {
            subject: "أكّد بريدك الإلكتروني للانضمام إلى تدريب Playtrack",
            greeting: "مرحبًا",
            intro: "أكّد عنوان بريدك الإلكتروني واختر كلمة مرور لإتمام التسجيل في تدريب Playtrack.",
            action: "التأكيد واختيار كلمة مرور",
            validity: "الرابط صالح لمدة 24 ساعة ولمرة واحدة فقط.",
            ignore: "إذا لم تقم بالتسجيل، فتجاهل هذه الرسالة ولن يُنشأ أي حساب.",
        },
        "it" => LinkText {
            subject: "Conferma la tua e-mail per unirti alla formazione Playtrack",
            greeting: "Ciao",
            intro: "Conferma il tuo indirizzo e scegli una password per completare l'iscrizione alla formazione Playtrack.",
            action: "Conferma e scegli una password",
            validity: "Il link vale 24 ore e si può usare una sola volta.",
            ignore: "Se non ti sei iscritto tu, ignora questa e-mail: non verrà creato alcun account.",
        },
        "es" => LinkText {
            subject: "Confirma tu correo para unirte a la formación de Playtrack",
            greeting: "Hola",
            intro: "Confirma tu dirección y elige una contraseña para completar tu registro en la formación de Playtrack.",
            action: "Confirmar y elegir una contraseña",
            validity: "El enlace es válido durante 24 horas y solo puede usarse una vez.",
            ignore: "Si no te has registrado, ignora este correo: no se creará ninguna cuenta.",
        },
        "fr" => LinkText {
            subject: "Confirmez votre e-mail pour rejoindre la formation Playtrack",
            greeting: "Bonjour",
            intro: "Confirmez votre adresse et choisissez un mot de passe pour terminer votre inscription à la formation Playtrack.",
            action: "Confirmer et choisir un mot de passe",
            validity: "Le lien est valable 24 heures et ne sert qu'une fois.",
            ignore: "Si vous ne vous êtes pas inscrit, ignorez ce message : aucun compte ne sera créé.",
        },
        _ => LinkText {
            subject: "Confirm your e-mail to join Playtrack training",
            greeting: "Hello",
            intro: "Confirm your address and choose a password to finish signing up for Playtrack training.",
            action: "Confirm and choose a password",
            validity: "The link works for 24 hours, once.",
            ignore: "If you did not sign up, ignore this e-mail; no account is created.",
        },
    }
}

fn known_account_text(locale: &str) -> LinkText {
    match locale {
        "zh" => LinkText {
            subject: "您已拥有 Playtrack 账户",
            greeting: "您好",
            intro: "有人（希望是您本人）尝试用此邮箱注册 Playtrack，但该邮箱已有账户。请直接登录。",
            action: "登录",
            validity: "如果忘记了密码，请在登录页面点击“忘记密码”。",
            ignore: "如果这不是您本人的操作，请忽略此邮件，您的账户没有任何变化。",
        },
        "ar" => LinkText {
            subject: "لديك حساب في Playtrack بالفعل",
            greeting: "مرحبًا",
            intro: "حاول أحدهم (نأمل أن تكون أنت) التسجيل في Playtrack بهذا العنوان، وله حساب بالفعل. سجّل الدخول مباشرة.",
            action: "تسجيل الدخول",
            validity: "إذا نسيت كلمة المرور، فاستخدم «نسيت كلمة المرور» في صفحة تسجيل الدخول.",
            ignore: "إذا لم تكن أنت، فتجاهل هذه الرسالة؛ لم يتغير شيء في حسابك.",
        },
        "it" => LinkText {
            subject: "Hai già un account Playtrack",
            greeting: "Ciao",
            intro: "Qualcuno (speriamo tu) ha provato a iscriversi a Playtrack con questo indirizzo, che ha già un account. Accedi direttamente.",
            action: "Accedi",
            validity: "Se hai dimenticato la password, usa \"Password dimenticata\" nella pagina di accesso.",
            ignore: "Se non sei stato tu, ignora questa e-mail: il tuo account non è cambiato.",
        },
        "es" => LinkText {
            subject: "Ya tienes una cuenta de Playtrack",
            greeting: "Hola",
            intro: "Alguien (esperamos que tú) ha intentado registrarse en Playtrack con esta dirección, que ya tiene una cuenta. Inicia sesión directamente.",
            action: "Iniciar sesión",
            validity: "Si has olvidado tu contraseña, usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión.",
            ignore: "Si no has sido tú, ignora este correo: tu cuenta no ha cambiado.",
        },
        "fr" => LinkText {
            subject: "Vous avez déjà un compte Playtrack",
            greeting: "Bonjour",
            intro: "Quelqu'un (vous, espérons-le) a tenté de s'inscrire à Playtrack avec cette adresse, qui a déjà un compte. Connectez-vous directement.",
            action: "Se connecter",
            validity: "Si vous avez oublié votre mot de passe, utilisez « Mot de passe oublié » sur la page de connexion.",
            ignore: "Si ce n'était pas vous, ignorez ce message : votre compte n'a pas changé.",
        },
        _ => LinkText {
            subject: "You already have a Playtrack account",
            greeting: "Hello",
            intro: "Someone (hopefully you) tried to sign up for Playtrack with this address, which already has an account. Sign in instead.",
            action: "Sign in",
            validity: "If you forgot your password, use \"Forgot password\" on the sign-in page.",
            ignore: "If it was not you, ignore this e-mail; nothing has changed in your account.",
        },
    }
}

pub fn sign_up(to: &Recipient<'_>, link: &str) -> OutgoingMail {
    link_mail(to, link, &sign_up_text(to.locale))
}

pub fn known_account(user: &User, link: &str) -> OutgoingMail {
    link_mail(&user.into(), link, &known_account_text(&user.locale))
}

fn link_mail(to: &Recipient<'_>, link: &str, t: &LinkText) -> OutgoingMail {
    let (name, href) = (escape(to.name), escape(link));
    OutgoingMail {
        to: to.email.clone(),
        subject: t.subject.to_owned(),
        text: format!(
            "{} {},\n\n{}\n\n{}: {link}\n\n{}\n{}\n",
            t.greeting, to.name, t.intro, t.action, t.validity, t.ignore
        ),
        html: page(
            to.locale,
            &format!(
                "<p>{} {name},</p><p>{}</p><p><a href=\"{href}\" style=\"display:inline-block;padding:10px 18px;\
                 background:#3949ab;color:#fff;text-decoration:none;border-radius:6px\">{}</a></p>\
                 <p style=\"word-break:break-all;color:#666\">{href}</p><p>{}</p><p style=\"color:#666\">{}</p>",
                t.greeting, t.intro, t.action, t.validity, t.ignore
            ),
        ),
    }
}

fn page(locale: &str, body: &str) -> String {
    let dir = if locale == "ar" { "rtl" } else { "ltr" };
    format!(
        "<!doctype html><html lang=\"{}\" dir=\"{dir}\"><body style=\"font-family:sans-serif\">{body}</body></html>",
        escape(locale)
    )
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernel::LOCALES;

    fn person(locale: &str) -> User {
        User {
            id: kernel::UserId::new(),
            email: kernel::Email::parse("asha@customer.example").unwrap(),
            name: "Asha <Rao>".into(),
            role: kernel::Role::User,
            company: None,
            status: identity::UserStatus::Invited,
            mfa_required: false,
            locale: locale.into(),
            created_at: time::OffsetDateTime::UNIX_EPOCH,
        }
    }

    #[test]
    fn a_link_mail_carries_the_link_in_both_parts_and_escapes_html() {
        let mail = invitation(&person("ar"), "https://portal.example/invitation/confirm-email?value=t&name=Asha");
        assert!(mail.text.contains("https://portal.example/invitation/confirm-email?value=t&name=Asha"));
        assert!(mail.html.contains("href=\"https://portal.example/invitation/confirm-email?value=t&amp;name=Asha\""));
        assert!(mail.html.contains("Asha &lt;Rao&gt;") && !mail.html.contains("<Rao>"));
        assert!(mail.html.contains("dir=\"rtl\""));
        assert_eq!(mail.subject, "دعوة للانضمام إلى تدريب Playtrack");
    }

    #[test]
    fn every_language_has_its_own_subjects() {
        for subject in [
            |l| otp_text(l).subject,
            |l| reset_text(l).subject,
            |l| invitation_text(l).subject,
            |l| sign_up_text(l).subject,
            |l| known_account_text(l).subject,
        ] as [fn(&str) -> &'static str; 5]
        {
            let subjects: std::collections::HashSet<_> = LOCALES.iter().map(|l| subject(l)).collect();
            assert_eq!(subjects.len(), 6);
            assert_eq!(subject("xx"), subject("en"), "unknown languages fall back to English");
        }
    }
}
