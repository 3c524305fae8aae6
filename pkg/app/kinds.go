package app

import "courtier/pkg/desk"

// kinds are the kinds of request of the queue, in the order staff read
// them: each declared by its own package (desk.KindSpec). A new kind is
// one more line here, and nothing else outside its package.
func (a *App) kinds() []desk.KindSpec {
	return []desk.KindSpec{
		a.Quotes.Spec(), a.Prices.Spec(), a.Claims.Spec(),
		a.Contacts.MessageSpec(), a.Contacts.CallbackSpec(), a.Complaints.Spec(),
	}
}

// registerKinds registers the kinds with the queue, checks that no two
// series of references share a prefix, and hands the account's erasure
// to the kinds that keep something past it (desk.Service.Erase and Kept,
// which read the registry when an account goes).
func (a *App) registerKinds() error {
	if err := a.Desk.Register(a.kinds()...); err != nil {
		return err
	}
	if err := desk.CheckPrefixes(referenceSeries(a.Desk)); err != nil {
		return err
	}
	a.Accounts.OnErase(a.Desk.Erase)
	a.Accounts.OnKeep(a.Desk.Kept)
	return nil
}
