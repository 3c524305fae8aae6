package pricing

// The house's products priced at once, in the site's order: one spec
// each beside its section of rates.json. Adding a product is its section
// there and its spec here, with its claims' natures and questions
// (CONTRIBUTING.md, « Add a product »).

// vehicleParts split a vehicle's premium: liability, then damage.
var vehicleParts = []string{"rc", "dommages"}

// HouseProducts are the specs of the products the house prices, in the
// order of the site. Each call returns fresh values, for a test may add
// to them.
func HouseProducts() []ProductSpec {
	return []ProductSpec{car(), moto(), home(), vtc(), temp()}
}

// HouseProduct is the house's spec of id.
func HouseProduct(id string) (ProductSpec, bool) {
	for _, s := range HouseProducts() {
		if s.ID == id {
			return s, true
		}
	}
	return ProductSpec{}, false
}

func car() ProductSpec {
	return ProductSpec{
		ID: "car", Noun: "auto", Risk: RiskVehicle, Parts: vehicleParts,
		Factors: []string{"liabilityGroup", "damageClass", "vehicleAge", "parking", "zone", "usage", "yearlyKm",
			"driverAge", "youngDriver", "claims36", "namedDrivers", "bonusMalus"},
		Subscribe: true, Hamon: true, Proofs: []string{"licence", "registration", "record"}, Attestations: []string{"memo"},
		VehicleLabel: "Voiture", Quote: "car",
		// The « profil médian » of the calibration (docs/pricing.md).
		Claims: &Claims{Label: "Auto",
			Kinds:     []string{"collision", "theft", "glass", "vandalism", "fire", "natural", "other"},
			Questions: []string{"place", "injured", "otherParty", "otherName", "otherPlate", "otherInsurer", "constat", "vehicleLocation", "policeReport", "decreeDate"}},
		Reference: &Reference{
			Profile: "conducteur de 45 ans, permis depuis 25 ans, bonus 0,60, Peugeot 208 de 7 ans, Orléans, parking privé, 11 000 km par an, formule la moins chère",
			Answers: func(t Date) Answers {
				return Answers{BirthDate: yearsBefore(t, 45), LicenceDate: yearsBefore(t, 25), BonusMalus: 0.60, PostalCode: "45000",
					VehicleID: "peugeot-208-12-puretech-100", VehicleYear: t.Year - 7, Usage: "commute", Parking: "car-park", YearlyKm: 11000}
			},
		},
	}
}

func moto() ProductSpec {
	return ProductSpec{
		ID: "moto", Noun: "moto", Risk: RiskVehicle, Parts: vehicleParts,
		Factors: []string{"liabilityGroup", "damageClass", "vehicleAge", "parking", "zone", "usage", "yearlyKm",
			"driverAge", "youngDriver", "claims36", "bonusMalus"},
		Subscribe: true, Hamon: true, Proofs: []string{"licence", "registration", "record"}, Attestations: []string{"memo"},
		// A motorbike's quote request is the « auto et moto » one.
		VehicleLabel: "Deux-roues motorisé", Quote: "car",
		Claims: &Claims{Label: "Moto et scooter",
			Kinds:     []string{"collision", "theft", "vandalism", "fire", "natural", "other"},
			Questions: []string{"place", "injured", "otherParty", "otherName", "otherPlate", "otherInsurer", "constat", "vehicleLocation", "policeReport", "decreeDate"}},
		Reference: &Reference{
			Profile: "motard de 40 ans, permis A depuis 15 ans, bonus 0,60, Yamaha MT-07 de 4 ans, Orléans, garage, 6 000 km par an, formule la moins chère",
			Answers: func(t Date) Answers {
				return Answers{BirthDate: yearsBefore(t, 40), LicenceDate: yearsBefore(t, 15), MotoLicence: "A", BonusMalus: 0.60, PostalCode: "45000",
					VehicleID: "yamaha-mt-07", VehicleYear: t.Year - 4, Usage: "private", Parking: "garage", YearlyKm: 6000}
			},
			Successors: []string{"yamaha-mt-07-2025"},
		},
	}
}

func home() ProductSpec {
	return ProductSpec{
		ID: "home", Noun: "habitation", Risk: RiskDwelling, Parts: []string{"incendie", "autres"},
		Factors:   []string{"floor", "contents", "zone", "dwelling", "surface", "rooms", "occupant"},
		Subscribe: true, Hamon: true, Attestations: []string{"attestation"}, Quote: "home",
		Claims: &Claims{Label: "Habitation",
			Kinds:     []string{"water", "fire", "theft", "breakage", "natural", "other"},
			Questions: []string{"place", "rooms", "waterStopped", "waterSource", "neighbour", "firefighters", "breakIn", "policeReport", "decreeDate"}},
		Reference: &Reference{
			Profile: "locataire d’un appartement de 50 m², 2 pièces à un étage intermédiaire, Orléans, 15 000 € de biens, formule la moins chère",
			Answers: func(Date) Answers {
				return Answers{PostalCode: "45000", Dwelling: "apartment", Surface: 50, Rooms: 2, Floor: "middle", Occupant: "tenant", ContentsCents: 1500000}
			},
		},
	}
}

func vtc() ProductSpec {
	return ProductSpec{
		ID: "vtc", Noun: "VTC", Risk: RiskVehicle, Parts: vehicleParts,
		Factors: []string{"liabilityGroup", "damageClass", "vehicleAge", "parking", "zone", "yearlyKm",
			"driverAge", "claims36", "bonusMalus"},
		Subscribe: true, Proofs: []string{"licence", "registration", "record", "pro-card"}, Attestations: []string{"memo", "vtc"},
		VehicleLabel: "Voiture de transport avec chauffeur",
		// A professional contract: no loi Hamon, its own notice.
		LeavingNote: "Vous êtes déjà assuré ailleurs\u00a0: un contrat professionnel se résilie à son échéance annuelle, avec le préavis qu’il prévoit\u00a0; nous vous aidons à la préparer.",
		// The VTC quote request asks the professional card, which the price does not.
		Claims: &Claims{Label: "VTC",
			Kinds:     []string{"collision", "passenger", "theft", "glass", "vandalism", "other"},
			Questions: []string{"trip", "platform", "tripRef", "place", "injured", "otherParty", "otherName", "otherPlate", "otherInsurer", "constat", "vehicleLocation", "policeReport"}},
		Reference: &Reference{
			Profile: "chauffeur de 40 ans, permis depuis 15 ans, bonus 0,60, Toyota Corolla hybride de 3 ans, Orléans, parking privé, 40 000 km par an, formule la moins chère",
			Answers: func(t Date) Answers {
				return Answers{BirthDate: yearsBefore(t, 40), LicenceDate: yearsBefore(t, 15), BonusMalus: 0.60, PostalCode: "45000",
					VehicleID: "toyota-corolla-hybride-140", VehicleYear: t.Year - 3, Parking: "car-park", YearlyKm: 40000}
			},
		},
	}
}

func temp() ProductSpec {
	return ProductSpec{
		ID: "temp", Noun: "temporaire", Risk: RiskVehicle, Parts: vehicleParts,
		Factors:   []string{"liabilityGroup", "damageClass", "vehicleAge", "zone", "driverAge", "days"},
		Subscribe: true, Proofs: []string{"licence", "registration"}, Attestations: []string{"attestation"},
		// The temporary quote request asks the start date, which the price does not.
		VehicleLabel: "Voiture",
		Claims: &Claims{Label: "Assurance temporaire",
			Kinds:     []string{"collision", "theft", "glass", "vandalism", "fire", "other"},
			Questions: []string{"place", "injured", "otherParty", "otherName", "otherPlate", "otherInsurer", "constat", "vehicleLocation", "policeReport"}},
		Reference: &Reference{
			Profile: "conducteur de 45 ans, permis depuis 25 ans, Peugeot 208 de 7 ans, Orléans, 7 jours",
			Answers: func(t Date) Answers {
				return Answers{BirthDate: yearsBefore(t, 45), LicenceDate: yearsBefore(t, 25), PostalCode: "45000",
					VehicleID: "peugeot-208-12-puretech-100", VehicleYear: t.Year - 7, Days: 7}
			},
		},
	}
}
