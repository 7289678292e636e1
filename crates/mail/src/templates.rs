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
    let dir = if user.locale == "ar" { "rtl" } else { "ltr" };
    let name = escape(&user.name);
    OutgoingMail {
        to: user.email.clone(),
        subject: t.subject.to_owned(),
        text: format!("{} {},\n\n{} {code}\n\n{}\n{}\n", t.greeting, user.name, t.intro, t.validity, t.ignore),
        html: format!(
            "<!doctype html><html lang=\"{lang}\" dir=\"{dir}\"><body style=\"font-family:sans-serif\">\
             <p>{} {name},</p><p>{}</p><p style=\"font-size:28px;letter-spacing:6px\"><b>{code}</b></p>\
             <p>{}</p><p style=\"color:#666\">{}</p></body></html>",
            t.greeting,
            t.intro,
            t.validity,
            t.ignore,
            lang = escape(&user.locale),
        ),
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_own_subject() {
        let subjects: std::collections::HashSet<_> =
            ["en", "zh", "ar", "it", "es", "fr"].iter().map(|l| otp_text(l).subject).collect();
        assert_eq!(subjects.len(), 6);
        assert_eq!(otp_text("xx").subject, otp_text("en").subject, "unknown languages fall back to English");
    }
}
