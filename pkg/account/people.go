package account

// Person is how an account is named to others (an agent to a visitor, a
// client in the staff's lists): the other packages read accounts through
// PersonOf, People and Staff only (store_people.go), never the users table.
type Person struct {
	UID   string
	Email string
	// DisplayName is the name the account gave, maybe empty (GivenName); Name is what
	// others read: the display name, or else the e-mail.
	DisplayName string
	Name        string
	Role        Role
	Active      bool
}

// IsStaff tells whether p is an active agent or admin.
func (p Person) IsStaff() bool {
	return p.Active && (p.Role == RoleAgent || p.Role == RoleAdmin)
}
