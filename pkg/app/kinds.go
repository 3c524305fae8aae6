package app

import "courtier/pkg/desk"

// registerKinds registers the kinds of App.kinds with the queue, checks
// that no two series of references share a prefix, and hands the
// account's erasure to the kinds that keep something past it
// (desk.Service.Erase and Kept, which read the registry when an account
// goes).
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
