"""Maryland election law: one package per statute (Md. Code, Elec. Law), plus what is
Maryland-wide — legal holidays (`holidays`, Gen. Prov. § 1-111) and the State Board's office
practice and election years (`practice`)."""

#: The order the statutes' rules are listed in (answers list the known rules in this order);
#: a statute package not named here is still found, and listed after these.
STATUTES = ("gel_5_903", "gel_5_703", "gel_15_106")
