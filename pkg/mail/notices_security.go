package mail

import (
	"strconv"

	"courtier/pkg/event"
)

// PathProfile is the profile page, where the second factor is managed.
const PathProfile = "/profile"

// The notices of the second factor: an owner hears of every change to
// what guards their account, and of each recovery code spent.

func twoFactorEnabled(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.AccountPayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  "Validation en deux étapes activée",
		Greeting: greeting(p.Recipient),
		Intro: []string{"La validation en deux étapes est maintenant activée sur votre compte " + m.footer.Name +
			" : chaque connexion vous demandera, après le mot de passe, le code de votre application d’authentification."},
		After: []string{"Gardez vos codes de secours en lieu sûr : ils vous permettent de vous connecter si vous perdez votre téléphone.",
			"Si ce n’est pas vous, appelez-nous tout de suite au " + m.footer.Phone + "."},
		Action: &Link{"Mon profil", m.link(PathProfile, nil)},
	}
	return []notice{{to: p.Recipient, doc: d, template: "two-factor-enabled"}}, nil
}

func twoFactorDisabled(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.AccountPayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  "Validation en deux étapes retirée",
		Greeting: greeting(p.Recipient),
		Intro:    []string{"La validation en deux étapes de votre compte " + m.footer.Name + " vient d’être retirée : le mot de passe suffit de nouveau pour vous connecter."},
		After:    []string{"Si ce n’est pas vous, changez tout de suite votre mot de passe et appelez-nous au " + m.footer.Phone + "."},
		Action:   &Link{"Mon profil", m.link(PathProfile, nil)},
	}
	template := "two-factor-disabled"
	if p.ByStaff {
		d.Intro = []string{"À votre demande, notre équipe a réinitialisé la validation en deux étapes de votre compte " + m.footer.Name + ".",
			"À votre prochaine connexion, vous pourrez l’activer de nouveau avec votre nouveau téléphone ; pour un compte du cabinet, elle vous sera demandée avant l’accès à l’espace de travail."}
		d.After = []string{"Si vous n’avez rien demandé, appelez-nous tout de suite au " + m.footer.Phone + "."}
		template = "two-factor-reset"
	}
	return []notice{{to: p.Recipient, doc: d, template: template}}, nil
}

func recoveryCodeUsed(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.AccountPayload](e)
	if err != nil {
		return nil, err
	}
	left := "Il ne vous en reste aucun : créez-en de nouveaux depuis votre profil."
	switch {
	case p.CodesLeft == 1:
		left = "Il vous en reste un seul : créez-en de nouveaux depuis votre profil."
	case p.CodesLeft > 1:
		left = "Il vous en reste " + strconv.Itoa(p.CodesLeft) + ". Chacun ne sert qu’une fois."
	}
	d := Doc{
		Subject:  "Un code de secours a servi à vous connecter",
		Greeting: greeting(p.Recipient),
		Intro:    []string{"Un de vos codes de secours vient de servir à vous connecter à votre compte " + m.footer.Name + ". " + left},
		After:    []string{"Si ce n’est pas vous, changez tout de suite votre mot de passe et appelez-nous au " + m.footer.Phone + "."},
		Action:   &Link{"Mon profil", m.link(PathProfile, nil)},
	}
	return []notice{{to: p.Recipient, doc: d, template: "recovery-code-used"}}, nil
}
