/// The HTML of the fixture app's pages.
enum FixturePages {
    static func page(_ title: String, _ body: String) -> String {
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>\(title)</title></head><body>\(body)</body></html>"
    }

    static let home = page(
        "Home",
        """
        <h1>Welcome   home</h1>
        <nav>
          <a href="/about">About us</a>
          <a href="/sign-in">Sign
             in</a>
          <a href="/profile" aria-label="Profile"><svg width="1" height="1"></svg></a>
        </nav>
        <a href="/help/a">Help</a> <a href="/help/b">Help</a>
        <footer><a href="/about">About us</a></footer>
        <a href="docs/intro#top">Docs</a>
        <a href="/redirect/1">Redirect chain</a>
        <a href="/plain">Plain text</a>
        <a>No href</a>
        """
    )

    static let docs = page(
        "Docs",
        """
        <a href="../about">Up</a> <a href="?page=2">Next</a> <a href="./">Index</a>
        """
    )

    static let signIn = page(
        "Sign in",
        """
        <h1>Sign in</h1>
        <form method="post" action="/sign-in">
          <input type="hidden" name="csrf" value="token-123">
          <label for="email">Email</label> <input id="email" type="email" name="email" value="">
          <label>Password <input type="password" name="password"></label>
          <fieldset><legend>Ride</legend>
            <label><input type="radio" name="ride" value="economy" checked> Economy</label>
            <label><input type="radio" name="ride" value="premium"> Premium</label>
          </fieldset>
          <label><input type="checkbox" name="remember"> Remember me</label>
          <label><input type="checkbox" name="news" value="yes" checked> Newsletter</label>
          <label for="city">City</label>
          <select id="city" name="city"><option value="syd">Sydney</option><option value="mel">Melbourne</option></select>
          <label>Size <select name="size"><option>Small</option><option selected> Large </option></select></label>
          <label for="note">Note</label>
          <textarea id="note" name="note">
        Hello</textarea>
          <input name="nickname" value="old" disabled>
          <fieldset disabled><input name="ghost" value="boo"></fieldset>
          <input value="nameless">
          <input type="submit" value="Later" disabled>
          <button name="intent" value="sign-in">Sign in</button>
          <button name="intent" value="cancel" type="submit">Cancel</button>
          <button type="button">Show password</button>
        </form>
        <form action="/search?old=1">
          <label>Search <input type="search" name="q"></label> <input type="submit" value="Go">
        </form>
        <button>Orphan</button>
        """
    )

    static let temporary = page(
        "Temporary",
        """
        <form method="POST" action="/keep"><input type="hidden" name="a" value="1 &amp; 2"><button>Send</button></form>
        """
    )

    static let extras = page(
        "Extras",
        """
        <form id="order" method="post" action="/extras">
          <label for="toppings">Toppings</label>
          <select id="toppings" name="t" multiple>
            <option selected>Cheese</option><option>Ham</option><option value="p">Pineapple</option>
          </select>
          <button formaction="/alt" formmethod="get" name="go" value="1">Elsewhere</button>
        </form>
        <input form="order" name="outside" value="o">
        <button form="order">Outside submit</button>
        """
    )

    static func echo(method: String, query: String, cookie: String, body: String) -> String {
        page(
            "Echo",
            """
            <p id="method">\(method)</p><p id="query">\(query)</p><p id="cookie">\(cookie)</p><p id="body">\(body)</p>
            <form method="post" action="/sign-out"><button>Sign out</button></form>
            """
        )
    }
}
