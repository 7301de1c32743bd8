print("cardstackd")
