// test/hosts/java/Host.java -- the Java host of `make hosts`
// (test/hosts/run.sh): Debian's xerial sqlite-jdbc
// (/usr/share/java/sqlite-jdbc.jar), whose connection property
// enable_load_extension lets SQL's load_extension() load ./urn.so.
// docs/loading.md shows the regions between the docs:begin and docs:end lines.
// docs:begin
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

// docs:end
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

public class Host {
  public static void main(String[] args) throws SQLException {
    // docs:begin
    Properties props = new Properties();
    props.setProperty("enable_load_extension", "true");
    Connection db = DriverManager.getConnection("jdbc:sqlite::memory:", props);
    Statement st = db.createStatement();
    st.execute("SELECT load_extension('./urn')");
    ResultSet rs = st.executeQuery("SELECT urn_canonical('URN:ISBN:0-395-36341-1#p')");
    rs.next();
    System.out.println(rs.getString(1));
    // docs:end
    rs.close();
    checks(st);
    st.close();
    db.close();
  }

  // A UNIQUE COLLATE URN column refuses an equivalent spelling with an
  // SQLiteException whose result code is SQLITE_CONSTRAINT_UNIQUE.
  static void checks(Statement st) throws SQLException {
    st.executeUpdate("CREATE TABLE book(id TEXT UNIQUE COLLATE URN)");
    st.executeUpdate("INSERT INTO book VALUES ('urn:example:a%2Cb')");
    try {
      st.executeUpdate("INSERT INTO book VALUES ('URN:EXAMPLE:a%2cb#f')");
      throw new AssertionError("no error");
    } catch (SQLiteException e) {
      if (e.getResultCode() != SQLiteErrorCode.SQLITE_CONSTRAINT_UNIQUE) throw e;
      System.out.println("SQLiteException " + e.getResultCode().name()
                         + " (" + e.getErrorCode() + "): " + e.getMessage());
    }
    try (ResultSet rs = st.executeQuery("SELECT urn_valid('urn:isbn:0-395-36341-6', 'ns')")) {
      rs.next();
      System.out.println(rs.getInt(1));
    }
  }
}
