//! Mail texts in the six languages of the portal. The code is the only variable part, so
//! plain text and HTML are built from the same translated lines.

use identity::{OutgoingMail, User};

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
    link_mail(user, link, &reset_text(&user.locale))
}

pub fn invitation(user: &User, link: &str) -> OutgoingMail {
    link_mail(user, link, &invitation_text(&user.locale))
}

fn link_mail(user: &User, link: &str, t: &LinkText) -> OutgoingMail {
    let (name, href) = (escape(&user.name), escape(link));
    OutgoingMail {
        to: user.email.clone(),
        subject: t.subject.to_owned(),
        text: format!(
            "{} {},\n\n{}\n\n{}: {link}\n\n{}\n{}\n",
            t.greeting, user.name, t.intro, t.action, t.validity, t.ignore
        ),
        html: page(
            &user.locale,
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
        for subject in [|l| otp_text(l).subject, |l| reset_text(l).subject, |l| invitation_text(l).subject]
            as [fn(&str) -> &'static str; 3]
        {
            let subjects: std::collections::HashSet<_> = LOCALES.iter().map(|l| subject(l)).collect();
            assert_eq!(subjects.len(), 6);
            assert_eq!(subject("xx"), subject("en"), "unknown languages fall back to English");
        }
    }
}
