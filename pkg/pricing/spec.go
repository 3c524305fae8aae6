package pricing

// What the engine knows of each factor (a product's is its ProductSpec): the file gives the
// numbers, labels and sources, Go computes which value of a factor
// applies to a profile. These tables are constants, not loaded data.

// factorID names a factor the engine can compute.
type factorID int

const (
	fLiabilityGroup factorID = iota
	fDamageClass
	fVehicleAge
	fParking
	fZone
	fUsage
	fYearlyKm
	fDriverAge
	fYoungDriver
	fClaims36
	fNamedDrivers
	fBonusMalus
	fDays
	fFloor
	fContents
	fDwelling
	fSurface
	fRooms
	fOccupant
	factorCount
)

// factorKind says how a factor's table is read.
type factorKind int

const (
	kindZone   factorKind = iota // values by zone number
	kindGroup                    // values by liability group
	kindClass                    // values by damage class
	kindChoice                   // values by the choice of a form field
	kindBands                    // bands of a number, each with its value
	kindDays                     // bands of days, each day at its band's rate
	kindYoung                    // young-driver surcharges by year of licence
	kindCRM                      // the bonus-malus, computed by the clause
)

// factorSpec is what Go knows of a factor: its key in the file, how to
// read it, and the form field it reads (whose bounds its bands must cover).
type factorSpec struct {
	name  string
	kind  factorKind
	field string
}

var factorSpecs = [factorCount]factorSpec{
	fLiabilityGroup: {"liabilityGroup", kindGroup, "vehicleId"},
	fDamageClass:    {"damageClass", kindClass, "vehicleId"},
	fVehicleAge:     {"vehicleAge", kindBands, "vehicleYear"},
	fParking:        {"parking", kindChoice, "parking"},
	fZone:           {"zone", kindZone, "postalCode"},
	fUsage:          {"usage", kindChoice, "usage"},
	fYearlyKm:       {"yearlyKm", kindBands, "yearlyKm"},
	fDriverAge:      {"driverAge", kindBands, "birthDate"},
	fYoungDriver:    {"youngDriver", kindYoung, "licenceDate"},
	fClaims36:       {"claims36", kindBands, "claims36"},
	fNamedDrivers:   {"namedDrivers", kindBands, "namedDrivers"},
	fBonusMalus:     {"bonusMalus", kindCRM, "bonusMalus"},
	fDays:           {"days", kindDays, "days"},
	fFloor:          {"floor", kindChoice, "floor"},
	fContents:       {"contents", kindBands, "contentsCents"},
	fDwelling:       {"dwelling", kindChoice, "dwelling"},
	fSurface:        {"surface", kindBands, "surface"},
	fRooms:          {"rooms", kindBands, "rooms"},
	fOccupant:       {"occupant", kindChoice, "occupant"},
}

// fieldTypes are the form fields the engine reads, with their type.
var fieldTypes = map[string]string{
	"birthDate": "date", "licenceDate": "licence", "supervisedDriving": "bool", "bonusMalus": "crm",
	"postalCode": "postalCode", "vehicleId": "vehicle", "vehicleYear": "vehicleYear",
	"usage": "choice", "parking": "choice", "motoLicence": "choice", "dwelling": "choice",
	"floor": "choice", "occupant": "choice",
	"yearlyKm": "int", "claims36": "int", "namedDrivers": "int", "surface": "int", "rooms": "int", "days": "int",
	"contentsCents": "cents", "options": "options",
	"vehicleMake": "vehicleText", "vehicleModel": "vehicleText", "vehicleEnergy": "vehicleChoice", "vehicleFiscalPower": "vehicleInt",
	"vehicleCc": "vehicleInt", "vehicleLicence": "vehicleChoice", "vehicleValueKind": "vehicleChoice", "vehicleValueCents": "vehicleCents",
}

// legalYoungMax are the highest young-driver surcharges A335-9-1 allows,
// by year of licence: the file may ask less, never more.
var legalYoungMax = struct{ standard, supervised [3]float64 }{
	standard:   [3]float64{1.00, 0.50, 0.25},
	supervised: [3]float64{0.50, 0.25, 0},
}
